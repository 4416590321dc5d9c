import { type BuyerOrderRow, formatDate, formatInr } from '@ub/shared';
import { Link } from 'react-router';
import type { Column } from '../../../components/table.tsx';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { PaymentBadge } from './payment-badge.tsx';

/** The columns of a buyer's order rows (the Orders list and the dashboard's recent orders). */
export const buyerOrderColumns: Array<Column<BuyerOrderRow>> = [
  {
    id: 'orderId',
    header: 'Order',
    cell: (o) => (
      <Link to={`/buyer/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
        {o.orderId}
      </Link>
    ),
  },
  { id: 'seller', header: 'Seller', cell: (o) => o.seller },
  { id: 'orderDate', header: 'Order date', cell: (o) => formatDate(o.orderDate) },
  { id: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { id: 'payment', header: 'Payment', cell: (o) => <PaymentBadge status={o.paymentStatus} orderStatus={o.status} /> },
  { id: 'total', header: 'Total', align: 'right', cell: (o) => formatInr(o.total) },
];
