import { type ChangeEvent, type InputHTMLAttributes, type Ref, useImperativeHandle, useReducer, useRef } from 'react';
import { useT } from '../lib/i18n.tsx';

/**
 * A file picker whose words come from the catalogue: the browser's own button and "No file chosen" are in the
 * browser's language, not the page's (a Hindi page in an English browser showed them in English). The native
 * input lies invisible over the button, so a click, the keyboard, a `<label>` and tests' setInputFiles all reach
 * it. What is chosen is read from the input at each render, so a caller that clears `value` and re-renders shows
 * "No file chosen" again.
 */
export function FileInput({
  ref,
  className = '',
  onChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement | null> }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const files = Array.from(input.current?.files ?? []);
  const chosen =
    files.length === 0
      ? t('common.file.none')
      : files.length === 1
        ? (files[0]?.name ?? '')
        : t('common.file.chosen', { count: files.length });
  return (
    <span className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm ${className}`}>
      <span
        className={`relative rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-700 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-brand-100 ${props.disabled ? 'opacity-50' : ''}`}
      >
        {t(props.multiple ? 'common.file.chooseMany' : 'common.file.choose')}
        <input
          {...props}
          ref={input}
          type="file"
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            rerender();
            onChange?.(e);
          }}
        />
      </span>
      <span className="min-w-0 break-all font-normal text-slate-600">{chosen}</span>
    </span>
  );
}
