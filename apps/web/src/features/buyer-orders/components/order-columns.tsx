import { type BuyerOrderRow, formatDate, formatInr } from '@ub/shared';
import { Link } from 'react-router';
import type { Column } from '../../../components/table.tsx';
import type { TFunction } from '../../../lib/i18n.tsx';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { PaymentBadge } from './payment-badge.tsx';

/** The columns of a buyer's order rows (the Orders list and the dashboard's recent orders), in `t`'s language. */
export const buyerOrderColumns = (t: TFunction): Array<Column<BuyerOrderRow>> => [
  {
    id: 'orderId',
    header: t('buyer.orders.columns.order'),
    cell: (o) => (
      <Link to={`/buyer/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
        {o.orderId}
      </Link>
    ),
  },
  { id: 'seller', header: t('buyer.orders.columns.seller'), cell: (o) => o.seller },
  { id: 'orderDate', header: t('buyer.orders.columns.orderDate'), cell: (o) => formatDate(o.orderDate) },
  { id: 'status', header: t('buyer.orders.columns.status'), cell: (o) => <OrderStatusBadge status={o.status} /> },
  {
    id: 'payment',
    header: t('buyer.orders.columns.payment'),
    cell: (o) => <PaymentBadge status={o.paymentStatus} orderStatus={o.status} />,
  },
  { id: 'total', header: t('buyer.orders.columns.total'), align: 'right', cell: (o) => formatInr(o.total) },
];
