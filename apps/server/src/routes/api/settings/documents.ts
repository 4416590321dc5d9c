import multipart from '@fastify/multipart';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  DOCUMENT_REVIEW_STATUSES,
  documentKindSchema,
  errorBody,
} from '@ub/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { deleteDocument, findDocument, listDocuments, saveDocument } from '../../../modules/admin/documents.ts';

import { currentManufacturerId } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const documentItem = z.object({
  id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  name: z.string(),
  mime: z.string(),
  url: z.string(),
  reviewStatus: z.enum(DOCUMENT_REVIEW_STATUSES),
  /** Why the admin rejected it; null otherwise. */
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
});
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  429: errorBody,
};
const idParams = z.object({ id: z.uuid({ error: 'Document not found' }) });

/** The seller's verification documents (GST certificate, PAN, Udyam/MSME, IEC, incorporation certificate). */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'documents');
  // Another feature may already accept multipart bodies app-wide; register the parser here only if not.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: DOCUMENT_LIMITS.maxBytes } });
  }
  const seller = app.requireRole('seller');
  const base = { tags: ['settings'], security: [{ bearerAuth: [] }] };

  app.get(
    '/settings/documents',
    {
      onRequest: seller,
      schema: {
        ...base,
        summary: 'My verification documents',
        response: { 200: z.object({ documents: z.array(documentItem) }), ...errors },
      },
    },
    async (req) => ({ documents: await listDocuments(app.db, currentManufacturerId(req)) }),
  );

  app.post(
    '/settings/documents',
    {
      onRequest: seller,
      preHandler: app.limit('document-upload', 30, 10),
      schema: {
        ...base,
        summary: 'Upload one document: multipart with field `kind` first, then `file` (PDF, JPEG, PNG or WebP, 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: documentItem, ...errors },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.missing, { file: DOCUMENT_MESSAGES.missing });
      const manufacturerId = currentManufacturerId(req);
      // Image work is bounded (lib/image-work.ts): a seller's third upload in progress is refused before it is read.
      const release = app.imageWork.admit(manufacturerId);
      try {
        const saved = await saveDocument(app, manufacturerId, await readDocument(req));
        return reply.status(201).send(saved);
      } finally {
        release();
      }
    },
  );

  app.get(
    '/settings/documents/:id/file',
    { onRequest: seller, schema: { ...base, summary: 'The file of one of my documents', params: idParams } },
    async (req, reply) => {
      const doc = await findDocument(app.db, currentManufacturerId(req), req.params.id);
      return sendPrivateFile(reply, app.storage, doc.storageKey, doc.mime, doc.originalName);
    },
  );

  app.delete(
    '/settings/documents/:id',
    {
      onRequest: seller,
      schema: {
        ...base,
        summary: 'Delete one of my documents',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await deleteDocument(app.db, app.storage, currentManufacturerId(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** The document type (sent before the file, as the form does) and the file's bytes. */
async function readDocument(req: FastifyRequest) {
  const file = await req.file({ limits: { fileSize: DOCUMENT_LIMITS.maxBytes } });
  if (!file) throw badRequest(DOCUMENT_MESSAGES.missing, { file: DOCUMENT_MESSAGES.missing });
  const kindField = file.fields.kind;
  const kindValue = kindField && !Array.isArray(kindField) && 'value' in kindField ? kindField.value : undefined;
  const kind = documentKindSchema.safeParse(kindValue);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = DOCUMENT_MESSAGES.tooLarge(file.filename);
      throw new AppError('payload_too_large', message, { file: message });
    }
    throw err;
  }
  if (!kind.success) throw badRequest(DOCUMENT_MESSAGES.kind, { kind: DOCUMENT_MESSAGES.kind });
  return { kind: kind.data, fileName: file.filename, data };
}

export default routes;
