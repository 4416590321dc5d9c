import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS, PRODUCT_MESSAGES } from '@ub/shared';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.ts';

/**
 * Upload checks shared by every feature that accepts files: the type is decided from the bytes (never the name or
 * the browser's content type), sizes are capped while streaming, images are decoded under a pixel cap and
 * re-encoded so metadata (EXIF, GPS) never reaches storage.
 */

export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf';

export const KIND_INFO: Record<FileKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
};

/** Identifies a file from its first bytes; undefined for anything not in the list. */
export function sniffKind(buf: Buffer): FileKind | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return undefined;
}

/** A decoded image may hold at most this many pixels (decompression bombs: tiny files, huge bitmaps). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ReadFile {
  name: string;
  data: Buffer;
  /** True when the file was cut at the size limit. */
  tooBig: boolean;
}

/** Reads a multipart file into memory up to the part's size limit; the rest is drained and flagged. */
export async function readPart(part: MultipartFile): Promise<ReadFile> {
  const name = safeDisplayName(part.filename);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      return { name, data: Buffer.alloc(0), tooBig: true };
    throw err;
  }
  return { name, data: Buffer.concat(chunks), tooBig: part.file.truncated };
}

/** The uploader's file name, for messages only (it never becomes a storage key). */
export function safeDisplayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
    .join('')
    .trim();
  return (clean || 'file').slice(0, 120);
}

export interface CheckedImage {
  name: string;
  kind: Exclude<FileKind, 'pdf'>;
  width: number;
  height: number;
  /** The image re-encoded in its own format, orientation applied, metadata dropped. */
  original: Buffer;
  /** A WebP at most 320 px wide, for tables and lists. */
  thumbnail: Buffer;
}

const sharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' as const, sequentialRead: true };

/**
 * Checks one image against the spec's rules (type, 10 MB, width 500 to 10000 px) and the pixel cap, and prepares
 * what is stored. Throws a 400 with the spec's message naming the file.
 */
export async function checkImage(file: ReadFile): Promise<CheckedImage> {
  const { name, data } = file;
  if (file.tooBig || data.length > LIMITS.imageMaxBytes) throw badRequest(PRODUCT_MESSAGES.imageTooBig(name));
  const kind = sniffKind(data);
  if (!kind || kind === 'pdf') throw badRequest(PRODUCT_MESSAGES.imageType(name));
  let width: number;
  let height: number;
  try {
    // Only the header is read here, so the pixel cap is applied below with a message rather than by sharp.
    const meta = await sharp(data, { ...sharpOptions, limitInputPixels: false }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    throw badRequest(PRODUCT_MESSAGES.imageUnreadable(name));
  }
  if (width < LIMITS.imageMinWidth || width > LIMITS.imageMaxWidth) throw badRequest(PRODUCT_MESSAGES.imageWidth(name));
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(`Image "${name}" has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`);
  }
  try {
    const base = sharp(data, sharpOptions).rotate();
    const encoded =
      kind === 'jpeg'
        ? base.jpeg({ quality: 88, mozjpeg: true })
        : kind === 'png'
          ? base.png({ compressionLevel: 8 })
          : base.webp({ quality: 88 });
    const [original, thumbnail] = await Promise.all([
      encoded.toBuffer(),
      sharp(data, sharpOptions)
        .rotate()
        .resize({ width: 320, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { name, kind, width, height, original, thumbnail };
  } catch {
    throw badRequest(PRODUCT_MESSAGES.imageUnreadable(name));
  }
}

/** Fresh storage keys below `prefix` for a checked image and its thumbnail, with what is written under each. */
export function imageFiles(prefix: string, image: CheckedImage) {
  const id = randomUUID();
  const { mime, ext } = KIND_INFO[image.kind];
  const storageKey = `${prefix}/${id}.${ext}`;
  const thumbKey = `${prefix}/${id}-thumb.webp`;
  return {
    storageKey,
    thumbKey,
    mime,
    files: [
      { key: storageKey, data: image.original, mime },
      { key: thumbKey, data: image.thumbnail, mime: 'image/webp' },
    ],
  };
}

export const MULTIPART_MESSAGES = {
  notMultipart: 'The request is not multipart/form-data.',
  noBoundary: 'The upload is not valid multipart/form-data: it has no boundary.',
  badBoundary: 'The upload is not valid multipart/form-data: its boundary is too long.',
  cutOff: 'The upload ended before it was complete. Please try again.',
  tooManyFiles: 'Too many files in one upload.',
  tooManyFields: 'Too many form fields.',
  fieldName: 'A form field has a name that is not allowed.',
  tooLarge: 'The file is too large.',
} as const;

/**
 * A multipart body that cannot be read (no boundary, cut off, over a parser limit) as the 4xx it deserves, or
 * undefined for any other error. Busboy's own errors carry no code, so those are known by their message; a route
 * with a more precise message (the spec's image limits) maps the limit codes itself first.
 */
export function multipartFailure(err: unknown): AppError | undefined {
  if (err instanceof AppError || !err || typeof err !== 'object') return undefined;
  const { code, message } = err as { code?: unknown; message?: unknown };
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(MULTIPART_MESSAGES.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(MULTIPART_MESSAGES.cutOff);
    case 'FST_FILES_LIMIT':
      return badRequest(MULTIPART_MESSAGES.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(MULTIPART_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return badRequest(MULTIPART_MESSAGES.fieldName);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', MULTIPART_MESSAGES.tooLarge);
  }
  if (typeof message !== 'string') return undefined;
  if (message === 'Multipart: Boundary not found') return badRequest(MULTIPART_MESSAGES.noBoundary);
  if (message.startsWith('The needle cannot')) return badRequest(MULTIPART_MESSAGES.badBoundary);
  if (/unexpected end of multipart data/i.test(message)) return badRequest(MULTIPART_MESSAGES.cutOff);
  return undefined;
}

/** Content type for a stored key, from the extension the server gave it. */
export function mimeOfKey(key: string): string | undefined {
  const ext = key.split('.').pop();
  return Object.values(KIND_INFO).find((k) => k.ext === ext)?.mime;
}

/**
 * Every file sent in the multipart field `files`, read whole (files of other fields are drained); a body that is
 * not multipart answers `missing`, one that cannot be read its 4xx (multipartFailure). Checking the files is the
 * caller's (dispute evidence, requirement attachments).
 */
export async function readFilesField(req: FastifyRequest, missing: string): Promise<ReadFile[]> {
  if (!req.isMultipart()) throw badRequest(missing, { files: missing });
  const files: ReadFile[] = [];
  try {
    for await (const part of req.files()) {
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      files.push(await readPart(part));
    }
  } catch (err) {
    throw multipartFailure(err) ?? err;
  }
  return files;
}
