import type { FastifyInstance } from 'fastify';
import { call } from './helpers.ts';

export interface UploadFile {
  field: string;
  /** The file name; without one the part is a plain text field. */
  name?: string;
  data: Buffer | string;
  type?: string;
}

/** Sends files as multipart/form-data, encoded by the platform's FormData exactly as a browser would. */
export async function upload(app: FastifyInstance, url: string, token: string | undefined, files: UploadFile[]) {
  const form = new FormData();
  for (const f of files) {
    if (f.name === undefined) {
      form.append(f.field, String(f.data));
      continue;
    }
    const bytes = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
    form.append(f.field, new Blob([new Uint8Array(bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  const req = new Request('http://test.local/', { method: 'POST', body: form });
  const body = Buffer.from(await req.arrayBuffer());
  return call(app, 'POST', url, {
    token,
    body,
    headers: { 'content-type': req.headers.get('content-type') as string },
  });
}
