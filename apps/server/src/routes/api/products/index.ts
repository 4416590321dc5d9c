import multipart from '@fastify/multipart';
import {
  BULK_MESSAGES,
  BULK_REQUIRED_COLUMNS,
  BULK_TEMPLATE_NAME,
  bulkUploadResponse,
  createProductSchema,
  errorBody,
  LIMITS,
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  productDetail,
  productListQuery,
  productListResponse,
  updateProductSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../../lib/audit.ts';
import { badRequest, msg, replyMessage } from '../../../lib/errors.ts';
import { sendStream } from '../../../lib/streams.ts';
import { type CheckedImage, checkImage, mimeOfKey, readPart } from '../../../lib/uploads.ts';
import { importProductsCsv } from '../../../modules/products/bulk-import.ts';
import {
  addProductMedia,
  createProduct,
  deleteProduct,
  getProductDetail,
  listProducts,
  tooManyImages,
  updateProduct,
} from '../../../modules/products/products.ts';
import { currentManufacturerId, currentUser } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const BULK_MAX_BYTES = 50 * 1024 * 1024;
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  429: errorBody,
};
const idParams = z.object({ id: z.uuid({ error: 'Product not found' }) });
const security = [{ bearerAuth: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'catalog');
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: MAX_PRODUCT_IMAGES, fields: 10, parts: MAX_PRODUCT_IMAGES + 10 },
  });
  const seller = app.requireRole('seller');

  app.post(
    '/product/add',
    {
      onRequest: seller,
      schema: {
        tags: ['products'],
        summary: 'Create a product (images are uploaded next, to /upload/product-media/{product_id})',
        security,
        body: createProductSchema,
        response: { 201: z.object({ product_id: z.string(), moderation_status: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await createProduct(app.db, currentManufacturerId(req), user.manufacturerStatus, req.body);
      req.log.info({ event: 'product.created', productId: row.id }, 'product created');
      return reply.status(201).send({ product_id: row.id, moderation_status: row.moderationStatus });
    },
  );

  app.post(
    '/upload/product-media/:id',
    {
      onRequest: seller,
      preHandler: app.limit('product-media', 60, 1),
      schema: {
        tags: ['products'],
        summary: 'Upload product images (multipart, repeated field "files"): JPEG, PNG or WebP, 10MB, 500-10000px wide',
        security,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: productDetail, ...errors },
      },
    },
    async (req, reply) => {
      const manufacturerId = currentManufacturerId(req);
      // Ownership first, so another seller's id answers 404 before any file is read; a full product is refused
      // before any image work (the database holds the cap when uploads race).
      const current = await getProductDetail(app.db, manufacturerId, req.params.id);
      if (current.media.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
      if (!req.isMultipart()) throw badRequest('Send the images as multipart/form-data in the field "files".');
      // Image work is bounded (lib/image-work.ts): a seller's third upload in progress is refused before it is read.
      const release = app.imageWork.admit(manufacturerId);
      try {
        const images: CheckedImage[] = [];
        try {
          for await (const part of req.files()) {
            if (part.fieldname !== 'files') {
              part.file.resume();
              continue;
            }
            const file = await readPart(part);
            images.push(await app.imageWork.run(manufacturerId, () => checkImage(file)));
          }
        } catch (err) {
          throw multipartError(err);
        }
        if (!images.length) throw badRequest(PRODUCT_MESSAGES.imageRequired);
        const detail = await addProductMedia(app.db, app.storage, manufacturerId, req.params.id, images);
        return reply.status(201).send(detail);
      } finally {
        release();
      }
    },
  );

  app.get(
    '/product/:id',
    {
      onRequest: seller,
      schema: {
        tags: ['products'],
        summary: 'One of the caller’s products with its images',
        security,
        params: idParams,
        response: { 200: productDetail, ...errors },
      },
    },
    async (req) => getProductDetail(app.db, currentManufacturerId(req), req.params.id),
  );

  app.put(
    '/product/:id',
    {
      onRequest: seller,
      schema: {
        tags: ['products'],
        summary: 'Replace a product’s fields; remove_media_ids lists images to delete',
        security,
        params: idParams,
        body: updateProductSchema,
        response: { 200: productDetail, ...errors },
      },
    },
    async (req) => {
      const { remove_media_ids, ...payload } = req.body;
      const { before, after } = await updateProduct(
        app.db,
        app.storage,
        currentManufacturerId(req),
        req.params.id,
        payload,
        remove_media_ids,
      );
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'product.updated',
        entityType: 'product',
        entityId: before.id,
        before: { ...before, createdAt: undefined, updatedAt: undefined },
        after: { ...after, media: undefined, media_urls: undefined },
      });
      return after;
    },
  );

  app.delete(
    '/product/:id',
    {
      onRequest: seller,
      schema: {
        tags: ['products'],
        summary: 'Delete a product and its images',
        security,
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      const row = await deleteProduct(app.db, app.storage, currentManufacturerId(req), req.params.id);
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'product.deleted',
        entityType: 'product',
        entityId: row.id,
        before: { name: row.name, sku: row.sku },
      });
      return replyMessage(req, msg('replies.productDeleted'));
    },
  );

  app.get(
    '/products',
    {
      onRequest: seller,
      schema: {
        tags: ['products'],
        summary: 'The caller’s products: search (q on name or SKU), status filter, sort, pagination',
        security,
        querystring: productListQuery,
        response: { 200: productListResponse, ...errors },
      },
    },
    async (req) => listProducts(app.database, currentManufacturerId(req), req.query),
  );

  app.post(
    '/products/bulk-upload',
    {
      onRequest: seller,
      preHandler: app.limit('products-bulk', 20, 10),
      schema: {
        tags: ['products'],
        summary: `Bulk upload a CSV (multipart field "file"); columns ${BULK_REQUIRED_COLUMNS.join(',')} first`,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: bulkUploadResponse, ...errors },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest(BULK_MESSAGES.noFile);
      const part = await req.file({ limits: { fileSize: BULK_MAX_BYTES, files: 1 } }).catch((err) => {
        throw multipartError(err);
      });
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw badRequest(BULK_MESSAGES.noFile);
      }
      const user = currentUser(req);
      const result = await importProductsCsv({
        database: app.database,
        manufacturerId: currentManufacturerId(req),
        manufacturerStatus: user.manufacturerStatus,
        source: part.file,
        truncated: () => part.file.truncated,
      }).catch((err) => {
        part.file.resume();
        throw err;
      });
      req.log.info(
        { event: 'products.bulk_upload', successCount: result.successCount, failedCount: result.failedCount },
        'bulk upload finished',
      );
      if (result.successCount > 0) {
        await audit(app.db, {
          actorUserId: user.id,
          action: 'products.bulk_uploaded',
          entityType: 'manufacturer',
          entityId: currentManufacturerId(req),
          after: { successCount: result.successCount, failedCount: result.failedCount },
        });
      }
      return result;
    },
  );

  app.get(
    '/products/bulk-upload/template',
    {
      onRequest: seller,
      schema: { tags: ['products'], summary: `Download ${BULK_TEMPLATE_NAME} (the required headers only)`, security },
    },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${BULK_TEMPLATE_NAME}"`)
        .send(`${BULK_REQUIRED_COLUMNS.join(',')}\n`),
  );

  app.get(
    '/media/products/*',
    { schema: { tags: ['products'], summary: 'A stored product image or thumbnail', hide: true } },
    async (req, reply) => {
      const rest = (req.params as { '*': string })['*'];
      // Keys are generated by the server: products/{uuid}/{uuid}[-thumb].{ext}; anything else is not ours.
      if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}(-thumb)?\.(jpg|png|webp)$/.test(rest)) {
        return reply.status(404).send({ error: 'Not found' });
      }
      const key = `products/${rest}`;
      const file = await app.storage.get(key);
      if (!file) return reply.status(404).send({ error: 'Not found' });
      if (file.size !== undefined) reply.header('content-length', file.size);
      reply
        .type(mimeOfKey(key) ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      return sendStream(reply, 'product image', file.stream);
    },
  );
};

/** The image limit in the spec's words; other unreadable bodies are mapped by the error handler (lib/uploads.ts). */
function multipartError(err: unknown): unknown {
  if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
    return badRequest(`At most ${MAX_PRODUCT_IMAGES} images can be uploaded at once.`);
  }
  return err;
}

export default routes;
