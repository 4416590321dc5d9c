import type { Role } from '@ub/shared';
import type { UploadFile } from './multipart.ts';
import { VALID_PDF, validPng, type World } from './openapi-support.ts';

export type Persona = 'nobody' | 'sellerA' | 'sellerB' | 'buyerA' | 'buyerB' | 'admin';

export interface Rule {
  /** Who may call: anyone, the holder of a stream ticket, or signed-in users of these roles. */
  access: 'public' | 'ticket' | Role[];
  /**
   * Whose record the path's id names. Everyone else of an allowed role gets 404, exactly as for a record that
   * does not exist. `sellerA-user` is a per-user record (a notification) of seller A's user.
   */
  owner?: 'sellerA' | 'buyerA' | 'sellerA-user';
  params?: (w: World) => Promise<Record<string, string>> | Record<string, string>;
  body?: (w: World) => unknown;
  files?: (w: World) => Promise<UploadFile[]>;
}

const seller: Role[] = ['seller'];
const buyer: Role[] = ['buyer'];
const admin: Role[] = ['admin'];
const anyUser: Role[] = ['seller', 'buyer', 'admin'];

const product = (w: World) => ({ id: w.productA.id });
const order = (w: World) => ({ id: w.orderId });
const rfq = (w: World) => ({ id: w.rfqId });
const mfrC = (w: World) => ({ id: w.sellerC.manufacturer.id });
const productC = (w: World) => ({ id: w.productC.id });
const notification = async (w: World) => ({ id: await w.newNotification() });
const png = async (): Promise<UploadFile[]> => [
  { field: 'files', name: 'a.png', data: await validPng(), type: 'image/png' },
];

/** The access rule of every documented route. A documented route missing here fails the suite. */
export const RULES: Record<string, Rule> = {
  'GET /api/health': { access: 'public' },
  'POST /api/register': { access: 'public' },
  'POST /api/login': {
    access: 'public',
    body: (w) => ({ username: w.sellerA.user.email, password: w.sellerA.password }),
  },
  'POST /api/admin/login': {
    access: 'public',
    body: (w) => ({ email: w.admin.user.email, password: w.admin.password }),
  },
  'POST /api/logout': { access: anyUser },
  'GET /api/me': { access: anyUser },
  'POST /api/forgot-password-sms': { access: 'public' },
  'POST /api/verify-reset-code': { access: 'public' },
  'POST /api/reset-password': { access: 'public' },
  'GET /api/settings': { access: seller },
  'GET /api/settings/documents': { access: seller },
  'POST /api/settings/documents': {
    access: seller,
    files: async () => [
      { field: 'kind', data: 'pan' },
      { field: 'file', name: 'pan.pdf', data: VALID_PDF, type: 'application/pdf' },
    ],
  },
  'GET /api/settings/documents/{id}/file': { access: seller, owner: 'sellerA', params: (w) => ({ id: w.documentId }) },
  'DELETE /api/settings/documents/{id}': {
    access: seller,
    owner: 'sellerA',
    params: async (w) => ({ id: await w.newDocument() }),
  },
  'GET /api/admin/manufacturers': { access: admin },
  'GET /api/admin/manufacturers/{id}': { access: admin, params: mfrC },
  'GET /api/admin/manufacturers/{id}/documents/{docId}': {
    access: admin,
    params: (w) => ({ id: w.sellerA.manufacturer.id, docId: w.documentId }),
  },
  'POST /api/admin/manufacturers/{id}/approve': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/reject': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/suspend': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/activate': { access: admin, params: mfrC },
  'GET /api/admin/products': { access: admin },
  'GET /api/admin/products/categories': { access: admin },
  'GET /api/admin/products/{id}': { access: admin, params: productC },
  'POST /api/admin/products/{id}/flag': { access: admin, params: productC },
  'POST /api/admin/products/{id}/approve': { access: admin, params: productC },
  'POST /api/admin/products/{id}/reject': { access: admin, params: productC },
  'POST /api/admin/products/{id}/suspend': { access: admin, params: productC },
  'POST /api/admin/products/{id}/activate': { access: admin, params: productC },
  'GET /api/admin/dashboard': { access: admin },
  'GET /api/admin/orders': { access: admin },
  'GET /api/admin/orders/{id}': { access: admin, params: order },
  'POST /api/admin/orders/{id}/status': { access: admin, params: order },
  'GET /api/admin/payments': { access: admin },
  'GET /api/admin/settlements': { access: admin },
  'POST /api/admin/settlements/generate': { access: admin },
  'POST /api/admin/settlements/{id}/mark-paid': { access: admin, params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/leads': { access: admin },
  'PATCH /api/admin/leads/{id}': { access: admin, params: (w) => ({ id: w.leadId }) },
  'GET /api/admin/disputes': { access: admin },
  'PATCH /api/admin/disputes/{id}': { access: admin, params: (w) => ({ id: w.disputeId }) },
  'GET /api/admin/disputes/{id}': { access: admin, params: (w) => ({ id: w.disputeId }) },
  'GET /api/admin/buyers': { access: admin },
  'GET /api/admin/buyers/{id}': { access: admin, params: (w) => ({ id: w.buyerA.buyer.id }) },
  'POST /api/admin/buyers/{id}/block': {
    access: admin,
    params: async (w) => ({ id: await w.newBuyer() }),
    body: () => ({ reason: 'Fraudulent orders' }),
  },
  'POST /api/admin/buyers/{id}/unblock': { access: admin, params: async (w) => ({ id: await w.newBuyer() }) },
  'GET /api/admin/rfqs': { access: admin },
  'GET /api/admin/rfqs/{id}': { access: admin, params: rfq },
  'GET /api/admin/reports/{file}': { access: admin, params: () => ({ file: 'orders.csv' }) },
  'GET /api/admin/jobs': { access: admin },
  'POST /api/admin/jobs/{id}/retry': { access: admin, params: async (w) => ({ id: await w.newDeadJob() }) },
  'GET /api/admin/admins': { access: admin },
  'POST /api/admin/admins': { access: admin },
  'POST /api/admin/admins/{id}/deactivate': { access: admin, params: async (w) => ({ id: await w.newAdmin() }) },
  'GET /api/admin/site-settings': { access: admin },
  'PUT /api/admin/site-settings': { access: admin },
  'GET /api/admin/audit-log': { access: admin },
  'GET /api/site': { access: 'public' },
  'GET /api/notifications': { access: anyUser },
  'DELETE /api/notifications': { access: anyUser },
  'PATCH /api/notifications/read-all': { access: anyUser },
  'PATCH /api/notifications/{id}/read': { access: anyUser, owner: 'sellerA-user', params: notification },
  'DELETE /api/notifications/{id}': { access: anyUser, owner: 'sellerA-user', params: notification },
  'GET /api/notifications/preferences': { access: anyUser },
  'PUT /api/notifications/preferences': { access: anyUser },
  'POST /api/notifications/stream-ticket': { access: anyUser },
  'GET /api/notifications/stream': { access: 'ticket' },
  'POST /api/contact/admin': { access: 'public' },
  'GET /api/admin/contact-messages': { access: admin },
  'POST /api/admin/contact-messages/{id}/reply': { access: admin, params: (w) => ({ id: w.contactId }) },
  'PATCH /api/admin/contact-messages/{id}': { access: admin, params: (w) => ({ id: w.contactId }) },
  'POST /api/leads': { access: 'public' },
  'POST /api/product/add': { access: seller },
  'POST /api/upload/product-media/{id}': { access: seller, owner: 'sellerA', params: product, files: png },
  'GET /api/product/{id}': { access: seller, owner: 'sellerA', params: product },
  'PUT /api/product/{id}': { access: seller, owner: 'sellerA', params: product },
  'DELETE /api/product/{id}': { access: seller, owner: 'sellerA', params: async (w) => ({ id: await w.newProduct() }) },
  'GET /api/products': { access: seller },
  'POST /api/products/bulk-upload': {
    access: seller,
    files: async () => [{ field: 'file', name: 'p.csv', data: 'name,sku\n', type: 'text/csv' }],
  },
  'GET /api/products/bulk-upload/template': { access: seller },
  'POST /api/buyer/register': { access: 'public' },
  'POST /api/buyer/login': {
    access: 'public',
    body: (w) => ({ username: w.buyerA.user.email, password: w.buyerA.password }),
  },
  'POST /api/buyer/rfqs': {
    access: buyer,
    body: (w) => ({ manufacturerId: w.sellerA.manufacturer.id, productName: 'Probe puzzle', quantity: 100 }),
  },
  'GET /api/buyer/rfqs': { access: buyer },
  'POST /api/buyer/rfqs/{id}/respond': { access: buyer, owner: 'buyerA', params: rfq },
  'GET /api/buyer/rfqs/{id}': { access: buyer, owner: 'buyerA', params: rfq },
  'POST /api/buyer/orders': {
    access: buyer,
    body: (w) => ({
      manufacturerId: w.sellerA.manufacturer.id,
      items: [{ productId: w.productA.id, quantity: 1 }],
      shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
    }),
  },
  'GET /api/buyer/orders': { access: buyer },
  'GET /api/buyer/orders/{id}': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/payments': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/cancel': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/disputes': { access: buyer, owner: 'buyerA', params: order },
  'GET /api/rfqs': { access: seller },
  'GET /api/rfqs/{id}': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/approve': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/reject': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/counter': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/quote': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/convert': { access: seller, owner: 'sellerA', params: rfq },
  'GET /api/orders': { access: seller },
  'GET /api/orders/{id}': { access: seller, owner: 'sellerA', params: order },
  'POST /api/orders/{id}/status': { access: seller, owner: 'sellerA', params: order },
  'GET /api/orders/{id}/invoice.pdf': { access: seller, owner: 'sellerA', params: order },
  'GET /api/payments': { access: seller },
  'GET /api/payments/{id}': { access: seller, owner: 'sellerA', params: (w) => ({ id: w.paymentId }) },
  'GET /api/dashboard/overview': { access: seller },
};
