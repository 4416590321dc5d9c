import {
  buyerAddress,
  buyerAddressInputSchema,
  buyerAddressList,
  cartAddSchema,
  cartCheckoutSchema,
  cartResponse,
  cartUpdateSchema,
  checkoutResponse,
  errorBody,
  orderConfirmSchema,
  orderDetail,
  reorderResponse,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerScope, depsOf } from '../../../lib/deps.ts';
import { createAddress, deleteAddress, updateAddress } from '../../../modules/buyer-addresses/commands.ts';
import { listAddresses } from '../../../modules/buyer-addresses/queries.ts';
import { buyerOfUser } from '../../../modules/buyers/commands.ts';
import { addToCart, checkoutCart, removeFromCart, reorder, setCartQuantity } from '../../../modules/cart/commands.ts';
import { cartOf } from '../../../modules/cart/queries.ts';
import { orderDetail as loadOrder } from '../../../modules/orders/queries.ts';
import { confirmConvertedOrder } from '../../../modules/rfqs/commands.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentUser } from '../../../types.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });
const productParams = z.object({ productId: z.uuid('Not a valid id.') });
const tags = ['buyer'];
const security = [{ bearerAuth: [] }];

/** The buyer's address book, order list (cart) with checkout and re-order, and confirming an RFQ's order. */
const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'buyer');
  const buyerOf = async (req: Parameters<typeof currentUser>[0]) => buyerOfUser(app.db, currentUser(req).id);

  app.get(
    '/buyer/addresses',
    {
      schema: {
        tags,
        security,
        summary: "The buyer's address book, default first",
        response: { 200: buyerAddressList, ...guarded },
      },
    },
    async (req) => listAddresses(app.db, (await buyerOf(req)).id),
  );

  app.post(
    '/buyer/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address (the first one becomes the default)',
        body: buyerAddressInputSchema,
        response: { 201: buyerAddress, 400: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req, reply) => reply.status(201).send(await createAddress(depsOf(app), (await buyerOf(req)).id, req.body)),
  );

  app.put(
    '/buyer/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace an address (isDefault: true makes it the default)',
        params: idParams,
        body: buyerAddressInputSchema,
        response: { 200: buyerAddress, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => updateAddress(depsOf(app), (await buyerOf(req)).id, req.params.id, req.body),
  );

  app.delete(
    '/buyer/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an address (the oldest remaining one becomes the default)',
        params: idParams,
        response: { 204: z.null(), 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      await deleteAddress(depsOf(app), (await buyerOf(req)).id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/buyer/cart',
    {
      schema: {
        tags,
        security,
        summary: 'The order list grouped by seller, with GST per line and totals',
        response: { 200: cartResponse, ...guarded },
      },
    },
    async (req) => cartOf(app.db, (await buyerOf(req)).id),
  );

  app.post(
    '/buyer/cart/items',
    {
      preHandler: app.limit('buyer-cart', 240, 60),
      schema: {
        tags,
        security,
        summary: 'Put a product on the order list, or raise its quantity when it is there',
        body: cartAddSchema,
        response: { 201: cartResponse, 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      const buyer = await buyerOf(req);
      await addToCart(depsOf(app), buyer.id, req.body);
      return reply.status(201).send(await cartOf(app.db, buyer.id));
    },
  );

  app.patch(
    '/buyer/cart/items/:productId',
    {
      schema: {
        tags,
        security,
        summary: "Change a line's quantity (at least the MOQ, at most the stock)",
        params: productParams,
        body: cartUpdateSchema,
        response: { 200: cartResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      await setCartQuantity(depsOf(app), buyer.id, req.params.productId, req.body.quantity);
      return cartOf(app.db, buyer.id);
    },
  );

  app.delete(
    '/buyer/cart/items/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a line from the order list',
        params: productParams,
        response: { 200: cartResponse, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      await removeFromCart(app.db, buyer.id, req.params.productId);
      return cartOf(app.db, buyer.id);
    },
  );

  app.post(
    '/buyer/cart/checkout',
    {
      preHandler: app.limit('buyer-order', 120, 60),
      schema: {
        tags,
        security,
        summary: 'Order the list: one order per seller, shipped to an address of the address book',
        body: cartCheckoutSchema,
        response: { 201: checkoutResponse, 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      const result = await checkoutCart(depsOf(app), await buyerOf(req), currentUser(req), req.body.addressId);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/buyer/orders/:id/reorder',
    {
      schema: {
        tags,
        security,
        summary: "Put a past order's still-listed products back on the order list",
        params: idParams,
        response: { 200: reorderResponse, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => reorder(depsOf(app), (await buyerOf(req)).id, req.params.id),
  );

  app.post(
    '/buyer/orders/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm an order converted from an RFQ, choosing its shipping address',
        params: idParams,
        body: orderConfirmSchema,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      await confirmConvertedOrder(depsOf(app), buyer, req.params.id, req.body.addressId, currentUser(req).id);
      return loadOrder(app.db, buyerScope(buyer.id), req.params.id);
    },
  );
};

export default routes;
