import { REASON_OPTIONS, type ReasonInput, type ReasonSubject } from '@ub/shared';
import { useEffect, useId, useState } from 'react';
import { Button } from './button.tsx';
import { FormError } from './field.tsx';
import { Modal } from './modal.tsx';
import { useT } from '../lib/i18n.tsx';

/**
 * The admin reason dialog (spec section 5): exactly one reason, and for "Other" a non-empty custom text; Submit
 * stays disabled until that holds. What the admin typed survives a failed submit. A product gets the spec's product
 * reasons, a manufacturer reasons that fit a business.
 */
export function ReasonDialog({
  open,
  title,
  subject = 'product',
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  subject?: ReasonSubject;
  onClose: () => void;
  onSubmit: (input: ReasonInput) => Promise<unknown>;
}) {
  const t = useT();
  const { options, schema } = REASON_OPTIONS[subject];
  const [reason, setReason] = useState<string | null>(null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();
  useEffect(() => {
    if (open) {
      setReason(null);
      setCustom('');
      setError(null);
    }
  }, [open]);
  const input = { reason: reason ?? undefined, customReason: reason === 'Other' ? custom : undefined };
  const valid = schema.safeParse(input).success;

  async function submit() {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.somethingWrong'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" disabled={!valid || busy} onClick={submit}>
            {busy ? t('common.submitting') : t('common.submit')}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('common.reasonDialog.select')}</legend>
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option}
              checked={reason === option}
              onChange={() => setReason(option)}
              className="h-4 w-4 accent-brand-700"
            />
            {option}
          </label>
        ))}
      </fieldset>
      {reason === 'Other' && (
        <textarea
          aria-label={t('common.reasonDialog.custom')}
          placeholder={t('common.reasonDialog.customPlaceholder')}
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          rows={3}
          maxLength={1000}
          className="mt-3 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
      )}
      <div className="mt-3">
        <FormError message={error} />
      </div>
    </Modal>
  );
}
