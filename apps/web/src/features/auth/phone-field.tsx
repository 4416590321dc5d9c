import { LIMITS } from '@ub/shared/constants';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { TextField } from '../../components/field.tsx';
import { useT } from '../../lib/i18n.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string;
};

/**
 * A +91 mobile number input that keeps digits only, at most 10 (spec section 5). No maxLength attribute: it would
 * cut a pasted "98765 43210" before the spaces are stripped.
 */
export const PhoneField = forwardRef<HTMLInputElement, Props>(function PhoneField(
  { label, value, onChange, error, ...props },
  ref,
) {
  const t = useT();
  return (
    <TextField
      ref={ref}
      label={label}
      prefix={LIMITS.phonePrefix}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t('landing.lead.contactPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, LIMITS.contactDigits))}
      error={error}
      {...props}
    />
  );
});
