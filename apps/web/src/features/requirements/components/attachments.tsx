import { REQUIREMENT_ATTACHMENT_LIMITS, type RequirementAttachmentItem } from '@ub/shared';
import { Paperclip } from 'lucide-react';
import { toast } from 'react-toastify';
import { type TFunction, useT } from '../../../lib/i18n.tsx';
import { openPrivateFile } from '../../../lib/open-file.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const ATTACHMENT_ACCEPT = ACCEPTED.join(',');

/**
 * What is wrong with the files a buyer picked, checked before anything is sent (the server checks again from the
 * bytes): at most `room` files, each a photo or PDF of 5 MB at most. Undefined when they are fine.
 */
export function attachmentProblem(
  t: TFunction,
  files: File[],
  room: number = REQUIREMENT_ATTACHMENT_LIMITS.files,
): string | undefined {
  if (files.length > room) return t('requirements.attachments.tooMany', { max: REQUIREMENT_ATTACHMENT_LIMITS.files });
  for (const f of files) {
    if (f.type && !ACCEPTED.includes(f.type)) return t('requirements.attachments.badType', { name: f.name });
    if (f.size > REQUIREMENT_ATTACHMENT_LIMITS.bytes) return t('requirements.attachments.tooLarge', { name: f.name });
  }
  return undefined;
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A requirement's attachments as buttons that open each file with the viewer's token, in a new tab. */
export function AttachmentList({ attachments }: { attachments: RequirementAttachmentItem[] }) {
  const t = useT();
  if (!attachments.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('requirements.attachments.label')}>
      {attachments.map((a) => (
        <li key={a.id} className="max-w-full">
          <button
            type="button"
            className="inline-flex max-w-full items-center gap-1 rounded border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
            title={`${a.name} (${sizeLabel(a.size)})`}
            onClick={() =>
              openPrivateFile(a.url, a.url.startsWith('/api/admin/') ? 'admin' : 'seller').catch((err: Error) =>
                toast.error(err.message),
              )
            }
          >
            <Paperclip aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            <span className="truncate">{a.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
