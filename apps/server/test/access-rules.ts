import type { AdminRole, Role } from '@ub/shared';
import type { UploadFile } from './multipart.ts';
import { VALID_PDF, validPng, type World } from './openapi-support.ts';

/** `admin` is the world's admin, an owner (security-access.test.ts adds an admin of each other console role). */
export type Persona = 'nobody' | 'sellerA' | 'sellerB' | 'buyerA' | 'buyerB' | 'admin';

export interface Rule {
  /** Who may call: anyone, the holder of a stream ticket, or signed-in users of these roles. */
  access: 'public' | 'ticket' | Role[];
  /** On an admin route: the console roles that may call it (the owner always may); the other admins get 403. */
  adminRoles?: AdminRole[];
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
/** An admin route open to the owner and these console roles (none: owners only). */
const admins = (...roles: AdminRole[]): Pick<Rule, 'access' | 'adminRoles'> => ({
  access: admin,
  adminRoles: ['owner', ...roles],
});

const product = (w: World) => ({ id: w.productA.id });
const order = (w: World) => ({ id: w.orderId });
const shippedOrder = (w: World) => ({ id: w.shippedOrderId });
const taxDocument = (w: World) => ({ id: w.taxDocumentId });
const rfq = (w: World) => ({ id: w.rfqId });
const mfrC = (w: World) => ({ id: w.sellerC.manufacturer.id });
const productC = (w: World) => ({ id: w.productC.id });
const requirement = async (w: World) => ({ id: (await w.newRequirement()).id });
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
  'GET /api/catalog/products': { access: 'public' },
  'GET /api/catalog/products/{id}': { access: 'public', params: product },
  'GET /api/catalog/sellers/{id}': { access: 'public', params: (w) => ({ id: w.sellerA.manufacturer.id }) },
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
  'GET /api/admin/manufacturers': { ...admins('finance', 'support', 'moderator') },
  'GET /api/admin/manufacturers/{id}': { ...admins('finance', 'support', 'moderator'), params: mfrC },
  'GET /api/admin/manufacturers/{id}/documents/{docId}': {
    ...admins('support', 'moderator'),
    params: (w) => ({ id: w.sellerA.manufacturer.id, docId: w.documentId }),
  },
  'POST /api/admin/manufacturers/{id}/approve': { ...admins('moderator'), params: mfrC },
  'POST /api/admin/manufacturers/{id}/reject': { ...admins('moderator'), params: mfrC },
  'POST /api/admin/manufacturers/{id}/suspend': { ...admins('support'), params: mfrC },
  'POST /api/admin/manufacturers/{id}/activate': { ...admins('support'), params: mfrC },
  'GET /api/admin/products': { ...admins('support', 'moderator') },
  'GET /api/admin/products/categories': { ...admins('support', 'moderator') },
  'GET /api/admin/products/{id}': { ...admins('support', 'moderator'), params: productC },
  'POST /api/admin/products/{id}/flag': { ...admins('moderator'), params: productC },
  'POST /api/admin/products/{id}/approve': { ...admins('moderator'), params: productC },
  'POST /api/admin/products/{id}/reject': { ...admins('moderator'), params: productC },
  'POST /api/admin/products/{id}/suspend': { ...admins('moderator'), params: productC },
  'POST /api/admin/products/{id}/activate': { ...admins('moderator'), params: productC },
  'GET /api/admin/dashboard': { ...admins('finance', 'support', 'moderator') },
  'GET /api/admin/orders': { ...admins('finance', 'support') },
  'GET /api/admin/orders/{id}': { ...admins('finance', 'support'), params: order },
  'POST /api/admin/orders/{id}/status': { ...admins('finance', 'support'), params: order },
  'GET /api/admin/payments': { ...admins('finance', 'support') },
  'GET /api/admin/settlements': { ...admins('finance') },
  'POST /api/admin/settlements/generate': { ...admins('finance') },
  'POST /api/admin/settlements/{id}/mark-paid': { ...admins('finance'), params: (w) => ({ id: w.settlementId }) },
  'POST /api/admin/settlements/{id}/payout': { ...admins('finance'), params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/leads': { ...admins('support') },
  'PATCH /api/admin/leads/{id}': { ...admins('support'), params: (w) => ({ id: w.leadId }) },
  'GET /api/admin/disputes': { ...admins('finance', 'support') },
  'PATCH /api/admin/disputes/{id}': { ...admins('finance', 'support'), params: (w) => ({ id: w.disputeId }) },
  'GET /api/admin/disputes/{id}': { ...admins('finance', 'support'), params: (w) => ({ id: w.disputeId }) },
  'GET /api/admin/disputes/{id}/evidence/{evidenceId}': {
    ...admins('finance', 'support'),
    params: (w) => w.newEvidence(),
  },
  'GET /api/admin/buyers': { ...admins('support') },
  'GET /api/admin/buyers/{id}': { ...admins('support'), params: (w) => ({ id: w.buyerA.buyer.id }) },
  'POST /api/admin/buyers/{id}/block': {
    ...admins('support'),
    params: async (w) => ({ id: await w.newBuyer() }),
    body: () => ({ reason: 'Fraudulent orders' }),
  },
  'POST /api/admin/buyers/{id}/unblock': { ...admins('support'), params: async (w) => ({ id: await w.newBuyer() }) },
  'GET /api/admin/rfqs': { ...admins('support') },
  'GET /api/admin/rfqs/{id}': { ...admins('support'), params: rfq },
  'GET /api/admin/reports/{file}': { ...admins('finance'), params: () => ({ file: 'orders.csv' }) },
  'GET /api/admin/jobs': { ...admins() },
  'POST /api/admin/jobs/{id}/retry': { ...admins(), params: async (w) => ({ id: await w.newDeadJob() }) },
  'GET /api/admin/admins': { ...admins() },
  'POST /api/admin/admins': { ...admins() },
  'POST /api/admin/admins/{id}/deactivate': { ...admins(), params: async (w) => ({ id: await w.newAdmin() }) },
  'GET /api/admin/site-settings': { ...admins() },
  'PUT /api/admin/site-settings': { ...admins() },
  'GET /api/admin/me': { ...admins('finance', 'support', 'moderator') },
  'PUT /api/admin/admins/{id}/role': {
    ...admins(),
    params: async (w) => ({ id: await w.newAdmin() }),
    body: () => ({ role: 'support' }),
  },
  'GET /api/admin/approvals': { ...admins('finance') },
  'POST /api/admin/approvals/{id}/approve': {
    ...admins('finance'),
    params: async (w) => ({ id: await w.newApproval() }),
  },
  'POST /api/admin/approvals/{id}/reject': {
    ...admins('finance'),
    params: async (w) => ({ id: await w.newApproval() }),
    body: () => ({ note: 'Not this week' }),
  },
  'GET /api/admin/four-eyes': { ...admins('finance') },
  'PUT /api/admin/four-eyes': { ...admins(), body: () => ({ fourEyesAbovePaise: 10_000_000 }) },
  'GET /api/admin/audit-log': { ...admins() },
  'GET /api/admin/finance': { ...admins('finance') },
  'POST /api/admin/finance/payments/{id}/confirm': { ...admins('finance'), params: (w) => ({ id: w.attemptId }) },
  'POST /api/admin/finance/payments/{id}/reject': { ...admins('finance'), params: (w) => ({ id: w.attemptId }) },
  'POST /api/admin/finance/payments/{id}/refund': { ...admins('finance'), params: (w) => ({ id: w.attemptId }) },
  'POST /api/admin/finance/refunds/{id}/paid': { ...admins('finance'), params: (w) => ({ id: w.refundId }) },
  'POST /api/admin/orders/{id}/refund': { ...admins('finance'), params: order },
  'GET /api/admin/settlements/{id}/statement': { ...admins('finance'), params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/settlements/{id}/statement.csv': { ...admins('finance'), params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/settlements/{id}/statement.pdf': { ...admins('finance'), params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/settlements/{id}/commission-invoice.pdf': {
    ...admins('finance'),
    params: (w) => ({ id: w.settlementId }),
  },
  'GET /api/admin/settlements/{id}/commission-credit-notes/{noteId}': {
    ...admins('finance'),
    params: (w) => ({ id: w.settlementId, noteId: w.creditNoteId }),
  },
  'GET /api/admin/finance/payout-file.csv': { ...admins('finance') },
  'GET /api/admin/finance/tax-summary': { ...admins('finance') },
  'GET /api/admin/finance/gstr8': { ...admins('finance') },
  'GET /api/admin/finance/platform-gstr1': { ...admins('finance') },
  'GET /api/admin/finance/tds-194o.csv': { ...admins('finance') },
  'GET /api/admin/finance/rates': { ...admins('finance') },
  'PUT /api/admin/finance/commission': { ...admins() },
  'GET /api/site': { access: 'public' },
  'GET /api/i18n/{lang}': { access: 'public', params: () => ({ lang: 'hi' }) },
  // English: the probes that follow read each answer's English text.
  'PUT /api/auth/language': { access: anyUser, body: () => ({ language: 'en' }) },
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
  'GET /api/admin/contact-messages': { ...admins('support') },
  'POST /api/admin/contact-messages/{id}/reply': { ...admins('support'), params: (w) => ({ id: w.contactId }) },
  'PATCH /api/admin/contact-messages/{id}': { ...admins('support'), params: (w) => ({ id: w.contactId }) },
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
  'GET /api/buyer/orders/{id}/invoice': { access: buyer, owner: 'buyerA', params: order },
  'GET /api/buyer/dashboard': { access: buyer },
  'POST /api/buyer/disputes/{id}/evidence': {
    access: buyer,
    owner: 'buyerA',
    params: (w) => ({ id: w.disputeId }),
    files: png,
  },
  'GET /api/buyer/disputes/{id}/evidence/{evidenceId}': {
    access: buyer,
    owner: 'buyerA',
    params: (w) => w.newEvidence(),
  },
  'GET /api/buyer/profile': { access: buyer },
  'PUT /api/buyer/profile': {
    access: buyer,
    body: () => ({
      company_name: 'Probe Traders',
      contact_name: 'Probe Person',
      address: 'Sector 29, Gurugram',
      state: 'Haryana',
    }),
  },
  // Gone for everyone (410): paying goes through /pay.
  'POST /api/buyer/orders/{id}/payments': { access: buyer, params: order },
  'GET /api/buyer/orders/{id}/payment': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/pay': {
    access: buyer,
    owner: 'buyerA',
    params: order,
    body: () => ({ method: 'bank_transfer' }),
  },
  'POST /api/buyer/orders/{id}/pay/verify': {
    access: buyer,
    owner: 'buyerA',
    params: order,
    body: (w) => ({
      attemptId: w.attemptId,
      razorpay_order_id: 'o',
      razorpay_payment_id: 'p',
      razorpay_signature: 's',
    }),
  },
  'POST /api/buyer/payments/{id}/utr': {
    access: buyer,
    owner: 'buyerA',
    params: (w) => ({ id: w.attemptId }),
    body: () => ({ utr: '123456789012' }),
  },
  'POST /api/buyer/orders/{id}/cancel': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/disputes': { access: buyer, owner: 'buyerA', params: order },
  'GET /api/buyer/addresses': { access: buyer },
  'POST /api/buyer/addresses': { access: buyer },
  'PUT /api/buyer/addresses/{id}': {
    access: buyer,
    owner: 'buyerA',
    params: async (w) => ({ id: await w.newAddress() }),
  },
  'DELETE /api/buyer/addresses/{id}': {
    access: buyer,
    owner: 'buyerA',
    params: async (w) => ({ id: await w.newAddress() }),
  },
  'GET /api/buyer/cart': { access: buyer },
  'POST /api/buyer/cart/items': { access: buyer, body: (w) => ({ productId: w.productA.id, quantity: 1 }) },
  'PATCH /api/buyer/cart/items/{productId}': {
    access: buyer,
    owner: 'buyerA',
    params: async (w) => ({ productId: await w.cartLine() }),
    body: () => ({ quantity: 2 }),
  },
  'DELETE /api/buyer/cart/items/{productId}': {
    access: buyer,
    owner: 'buyerA',
    params: async (w) => ({ productId: await w.cartLine() }),
  },
  'POST /api/buyer/cart/checkout': { access: buyer, body: () => ({ addressId: 'not-an-id' }) },
  'POST /api/buyer/orders/{id}/reorder': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/confirm': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/requirements': {
    access: buyer,
    body: () => ({
      title: 'Probe items',
      category: 'toys',
      quantity: 100,
      unit: 'piece',
      deadline: '2031-12-31',
      deliveryState: 'Karnataka',
      pinCode: '560025',
    }),
  },
  'GET /api/buyer/requirements': { access: buyer },
  'GET /api/buyer/requirements/{id}': { access: buyer, owner: 'buyerA', params: requirement },
  'POST /api/buyer/requirements/{id}/quotes/{quoteId}/accept': {
    access: buyer,
    owner: 'buyerA',
    params: (w) => w.newRequirement(),
  },
  'POST /api/buyer/requirements/{id}/close': { access: buyer, owner: 'buyerA', params: requirement, body: () => ({}) },
  'GET /api/requirements': { access: seller },
  'GET /api/requirements/{id}': { access: seller, params: requirement },
  'PUT /api/requirements/{id}/quote': {
    access: seller,
    params: requirement,
    body: () => ({ pricePerUnit: 9.5, quantity: 100, deliveryDays: 7, validUntil: '2031-12-31' }),
  },
  'POST /api/requirements/{id}/report': { access: seller, params: requirement, body: () => ({ reason: 'Spam' }) },
  'GET /api/admin/requirements': { ...admins('support', 'moderator') },
  'GET /api/admin/requirements/{id}': { ...admins('support', 'moderator'), params: requirement },
  'GET /api/admin/requirements/{id}/attachments/{attachmentId}': {
    ...admins('support', 'moderator'),
    params: (w) => w.newAttachment(),
  },
  'POST /api/buyer/requirements/{id}/attachments': {
    access: buyer,
    owner: 'buyerA',
    params: requirement,
    files: png,
  },
  'GET /api/buyer/requirements/{id}/attachments/{attachmentId}': {
    access: buyer,
    owner: 'buyerA',
    params: (w) => w.newAttachment(),
  },
  'GET /api/requirements/{id}/attachments/{attachmentId}': { access: seller, params: (w) => w.newAttachment() },
  'POST /api/admin/requirements/{id}/close': {
    ...admins('support', 'moderator'),
    params: requirement,
    body: () => ({ reason: 'Spam' }),
  },
  'GET /api/rfqs': { access: seller },
  'GET /api/rfqs/{id}': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/approve': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/reject': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/counter': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/quote': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/convert': { access: seller, owner: 'sellerA', params: rfq },
  'GET /api/orders': { access: seller },
  'GET /api/orders/{id}': { access: seller, owner: 'sellerA', params: order },
  'POST /api/orders/{id}/status': {
    access: seller,
    owner: 'sellerA',
    params: order,
    body: () => ({ status: 'processing' }),
  },
  'GET /api/orders/{id}/invoice.pdf': { access: seller, owner: 'sellerA', params: order },
  'GET /api/orders/{id}/disputes': { access: seller, owner: 'sellerA', params: order },
  'GET /api/orders/disputes/{id}/evidence/{evidenceId}': {
    access: seller,
    owner: 'sellerA',
    params: (w) => w.newEvidence(),
  },
  'GET /api/orders/{id}/tax-documents': { access: seller, owner: 'sellerA', params: shippedOrder },
  'POST /api/orders/{id}/debit-notes': {
    access: seller,
    owner: 'sellerA',
    params: shippedOrder,
    body: () => ({ amount: '10', reason: 'Price revised' }),
  },
  'GET /api/orders/{id}/eway-bill': { access: seller, owner: 'sellerA', params: shippedOrder },
  'POST /api/orders/{id}/eway-bill': {
    access: seller,
    owner: 'sellerA',
    params: shippedOrder,
    body: () => ({ ewbNumber: '181012345678' }),
  },
  'POST /api/orders/{id}/eway-bill/vehicle': {
    access: seller,
    owner: 'sellerA',
    params: shippedOrder,
    body: () => ({
      mode: 'road',
      vehicleNumber: 'KA05MN4321',
      fromPlace: 'Hubballi',
      fromStateCode: '29',
      reasonCode: '1',
      reasonRemark: 'Breakdown',
    }),
  },
  'POST /api/orders/{id}/eway-bill/cancel': {
    access: seller,
    owner: 'sellerA',
    params: shippedOrder,
    body: () => ({ reasonCode: '2', remark: 'Order cancelled' }),
  },
  'GET /api/tax-documents/{id}/pdf': { access: seller, owner: 'sellerA', params: taxDocument },
  'POST /api/tax-documents/{id}/einvoice/cancel': {
    access: seller,
    owner: 'sellerA',
    params: taxDocument,
    body: () => ({ reason: '3', remark: 'Order cancelled' }),
  },
  'POST /api/tax-documents/{id}/einvoice/retry': { access: seller, owner: 'sellerA', params: taxDocument },
  'GET /api/settings/tax': { access: seller },
  'PUT /api/settings/tax': {
    access: seller,
    body: () => ({ invoicePrefix: 'INV', creditNotePrefix: 'CN', debitNotePrefix: 'DN', einvoiceApplies: false }),
  },
  'GET /api/settings/einvoice-credentials': { access: seller },
  'PUT /api/settings/einvoice-credentials': {
    access: seller,
    body: () => ({ username: 'seller_api', password: 'Api#Pass1' }),
  },
  'DELETE /api/settings/einvoice-credentials': { access: seller },
  'GET /api/settings/ewaybill-credentials': { access: seller },
  'PUT /api/settings/ewaybill-credentials': {
    access: seller,
    body: () => ({ username: 'seller_api', password: 'Api#Pass1' }),
  },
  'DELETE /api/settings/ewaybill-credentials': { access: seller },
  'GET /api/settings/tds-declaration': { access: seller },
  'PUT /api/settings/tds-declaration': { access: seller, body: () => ({ declare: false }) },
  'GET /api/gst/gstr1': { access: seller },
  'GET /api/buyer/orders/{id}/tax-documents': { access: buyer, owner: 'buyerA', params: shippedOrder },
  'GET /api/buyer/tax-documents/{id}/pdf': { access: buyer, owner: 'buyerA', params: taxDocument },
  'GET /api/admin/orders/{id}/invoice.pdf': { ...admins('finance', 'support'), params: shippedOrder },
  'GET /api/admin/orders/{id}/tax-documents': { ...admins('finance', 'support'), params: shippedOrder },
  'GET /api/admin/tax-documents/{id}/pdf': { ...admins('finance', 'support'), params: taxDocument },
  'GET /api/payments': { access: seller },
  'GET /api/payments/summary': { access: seller },
  'GET /api/payments/settlements/{id}/statement': {
    access: seller,
    owner: 'sellerA',
    params: (w) => ({ id: w.settlementId }),
  },
  'GET /api/payments/settlements/{id}/statement.csv': {
    access: seller,
    owner: 'sellerA',
    params: (w) => ({ id: w.settlementId }),
  },
  'GET /api/payments/settlements/{id}/statement.pdf': {
    access: seller,
    owner: 'sellerA',
    params: (w) => ({ id: w.settlementId }),
  },
  'GET /api/payments/settlements/{id}/commission-invoice.pdf': {
    access: seller,
    owner: 'sellerA',
    params: (w) => ({ id: w.settlementId }),
  },
  'GET /api/payments/settlements/{id}/commission-credit-notes/{noteId}': {
    access: seller,
    owner: 'sellerA',
    params: (w) => ({ id: w.settlementId, noteId: w.creditNoteId }),
  },
  'POST /api/payments/webhooks/razorpay': { access: 'public' },
  'POST /api/payments/webhooks/razorpayx': { access: 'public' },
  'GET /api/payments/{id}': { access: seller, owner: 'sellerA', params: (w) => ({ id: w.paymentId }) },
  'GET /api/dashboard/overview': { access: seller },
};
