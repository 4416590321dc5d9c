import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { TextField } from './field.tsx';
import { useT } from '../lib/i18n.tsx';

/** A password input with the show/hide toggle. */
export const PasswordField = forwardRef<
  HTMLInputElement,
  { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>
>(function PasswordField({ label, error, ...props }, ref) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <TextField
        ref={ref}
        label={label}
        error={error}
        type={shown ? 'text' : 'password'}
        className="pr-16"
        {...props}
      />
      <button
        type="button"
        onClick={() => setShown((v) => !v)}
        className="absolute top-7 right-2 rounded px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
        aria-label={shown ? t('auth.password.hideLabel') : t('auth.password.showLabel')}
        aria-pressed={shown}
      >
        {shown ? t('auth.password.hide') : t('auth.password.show')}
      </button>
    </div>
  );
});
