import { IMAGE_TYPES, LIMITS, MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES, type ProductMedia } from '@ub/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { translateMessage, useT } from '../../../lib/i18n.tsx';

/** Reads the image in the browser to learn its width; rejects when it cannot be decoded. */
async function imageWidth(file: File): Promise<number> {
  const bitmap = await createImageBitmap(file);
  const w = bitmap.width;
  bitmap.close();
  return w;
}

/** The same checks as the server, so the seller hears about a bad file before anything is sent. */
export async function checkImageFile(file: File): Promise<string | undefined> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_MESSAGES.imageType(file.name);
  if (file.size > LIMITS.imageMaxBytes) return PRODUCT_MESSAGES.imageTooBig(file.name);
  let width: number;
  try {
    width = await imageWidth(file);
  } catch {
    return PRODUCT_MESSAGES.imageUnreadable(file.name);
  }
  if (width < LIMITS.imageMinWidth || width > LIMITS.imageMaxWidth) return PRODUCT_MESSAGES.imageWidth(file.name);
  return undefined;
}

interface ImagePickerProps {
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Images already stored (edit); those in `removed` are shown struck out until saved. */
  existing?: ProductMedia[];
  removed?: string[];
  onToggleRemove?: (id: string) => void;
  /** Shown under the picker when nothing is chosen (add product). */
  emptyMessage?: string;
  disabled?: boolean;
}

export function ImagePicker({
  files,
  onFilesChange,
  existing = [],
  removed = [],
  onToggleRemove,
  emptyMessage,
  disabled,
}: ImagePickerProps) {
  const t = useT();
  const inputId = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(
    () => () => {
      for (const p of previews) URL.revokeObjectURL(p.url);
    },
    [previews],
  );

  const kept = existing.filter((m) => !removed.includes(m.id)).length;
  const room = MAX_PRODUCT_IMAGES - kept - files.length;

  async function add(list: FileList | null) {
    if (!list?.length) return;
    setChecking(true);
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of Array.from(list)) {
      const problem = await checkImageFile(file);
      if (problem) problems.push(problem);
      else if (accepted.length < room) accepted.push(file);
      else problems.push(t('products.images.tooMany', { max: MAX_PRODUCT_IMAGES }));
    }
    setChecking(false);
    setErrors([...new Set(problems)]);
    if (accepted.length) onFilesChange([...files, ...accepted]);
  }

  const tile = 'relative h-24 w-24 overflow-hidden rounded-lg border border-slate-200 bg-slate-50';
  const noImages = kept + files.length === 0;
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-700">{t('products.images.label')}</span>
      <div className="flex flex-wrap gap-3">
        {existing.map((m) => {
          const isRemoved = removed.includes(m.id);
          return (
            <div key={m.id} className={`${tile} ${isRemoved ? 'opacity-40' : ''}`}>
              <img src={m.thumb_url} alt={m.name} className="h-full w-full object-cover" />
              {onToggleRemove && (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onToggleRemove(m.id)}
                  className="absolute inset-x-1 bottom-1 rounded bg-white/90 px-1 py-0.5 text-xs font-semibold text-slate-800 shadow"
                  aria-label={t(isRemoved ? 'products.images.keep' : 'products.images.remove', { name: m.name })}
                >
                  {t(isRemoved ? 'products.images.undo' : 'products.images.removeButton')}
                </button>
              )}
            </div>
          );
        })}
        {previews.map((p, i) => (
          <div key={p.url} className={tile}>
            <img
              src={p.url}
              alt={t('products.images.preview', { name: p.file.name })}
              className="h-full w-full object-cover"
            />
            <button
              type="button"
              disabled={disabled}
              onClick={() => onFilesChange(files.filter((_, j) => j !== i))}
              className="absolute inset-x-1 bottom-1 rounded bg-white/90 px-1 py-0.5 text-xs font-semibold text-slate-800 shadow"
              aria-label={t('products.images.removeNew', { name: p.file.name })}
            >
              {t('products.images.removeButton')}
            </button>
          </div>
        ))}
        {room > 0 && (
          <label
            htmlFor={inputId}
            className={`flex h-24 w-24 cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-center text-xs text-slate-600 hover:border-brand-600 hover:text-brand-700 ${disabled ? 'pointer-events-none opacity-50' : ''}`}
          >
            <span className="text-2xl leading-none">+</span>
            {t(checking ? 'products.images.checking' : 'products.images.addImages')}
          </label>
        )}
      </div>
      <input
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
      />
      <p className="text-xs text-slate-500">{t('products.images.rules', { max: MAX_PRODUCT_IMAGES })}</p>
      {errors.map((e) => (
        <p key={e} role="alert" className="text-xs font-medium text-red-600">
          {translateMessage(e)}
        </p>
      ))}
      {noImages && emptyMessage && (
        <p className="text-xs font-medium text-amber-700">{translateMessage(emptyMessage)}</p>
      )}
    </div>
  );
}
