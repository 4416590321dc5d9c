import { formatInr } from '@ub/shared/format';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { useT } from '../../lib/i18n.tsx';

/** What an irreversible admin action does, said before it is done (issue 28). */
export interface ConfirmRequest {
  /** The dialog's title, e.g. "Refund Rs 1,250.00?". */
  title: string;
  /** The money moved, in paise; left out when the action has no single amount (a seller's approval). */
  amountPaise?: number;
  /** Who receives the money or the decision: the buyer, the seller. */
  party: string;
  /** What it is about: an order, a settlement, a bank reference. */
  subject?: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/**
 * A confirmation dialog naming the amount and the party before the call is made. `ask(request)` opens it;
 * `dialog` is rendered once by the screen. A refusal of the call stays in the dialog.
 */
export function useConfirm(): { ask: (r: ConfirmRequest) => void; dialog: ReactNode } {
  const t = useT();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setRequest(null);
    setError(null);
  };
  const dialog = request ? (
    <Modal
      open
      onClose={close}
      title={request.title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('admin.confirm.cancel')}
          </Button>
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await request.onConfirm();
                close();
              } catch (e) {
                setError((e as Error).message);
              } finally {
                setBusy(false);
              }
            }}
          >
            {request.confirmLabel}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {request.amountPaise !== undefined && (
          <>
            <dt className="text-slate-500">{t('admin.confirm.amount')}</dt>
            <dd className="font-semibold">{formatInr(request.amountPaise / 100)}</dd>
          </>
        )}
        <dt className="text-slate-500">{t('admin.confirm.party')}</dt>
        <dd className="font-medium" translate="no">
          {request.party}
        </dd>
        {request.subject && (
          <>
            <dt className="text-slate-500">{t('admin.confirm.subject')}</dt>
            <dd translate="no">{request.subject}</dd>
          </>
        )}
      </dl>
      <p className="mt-3 text-sm text-slate-600">{t('admin.confirm.irreversible')}</p>
      <FormError message={error ?? undefined} />
    </Modal>
  ) : null;
  return { ask: (r) => setRequest(r), dialog };
}

/** A money command's answer: done (200), or recorded for a second admin's approval (202, four eyes). */
export function waitsForApproval(answer: unknown): boolean {
  return Boolean(answer && typeof answer === 'object' && 'pendingApproval' in answer);
}
