import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { translateMessage } from '../lib/i18n.tsx';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100';

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Rendered before the input, e.g. the +91 prefix. */
  prefix?: ReactNode;
}

function Wrapper({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, prefix, className = '', id, ...props }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    const input = (
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`${control} ${error ? 'border-red-400' : 'border-slate-300'} ${prefix ? 'rounded-l-none' : ''} ${className}`}
        {...props}
      />
    );
    return (
      <Wrapper id={inputId} label={label} error={error} hint={hint}>
        {prefix ? (
          <div className="flex">
            <span className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-100 px-3 text-sm text-slate-600">
              {prefix}
            </span>
            {input}
          </div>
        ) : (
          input
        )}
      </Wrapper>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, className = '', id, children, ...props }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    return (
      <Wrapper id={inputId} label={label} error={error} hint={hint}>
        <select
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${control} ${error ? 'border-red-400' : 'border-slate-300'} ${className}`}
          {...props}
        >
          {children}
        </select>
      </Wrapper>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, className = '', id, ...props }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    return (
      <Wrapper id={inputId} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${control} ${error ? 'border-red-400' : 'border-slate-300'} ${className}`}
          {...props}
        />
      </Wrapper>
    );
  },
);

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {translateMessage(message)}
    </div>
  );
}
