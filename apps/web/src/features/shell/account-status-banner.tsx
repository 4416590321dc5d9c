import type { ManufacturerStatus } from '@ub/shared';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

/** The notice of each status: the same catalogue message as the server's 403 answers (`errors.sellerStatus`). */
const NOTICES: Record<Exclude<ManufacturerStatus, 'approved'>, string> = {
  received: 'errors.sellerStatus.notVerified',
  under_review: 'errors.sellerStatus.notVerified',
  suspended: 'errors.sellerStatus.suspended',
  rejected: 'errors.sellerStatus.rejected',
};

/**
 * What the seller's account status allows, above every page of the seller app (the same words as the server's
 * 403 answers); nothing for an approved account.
 */
export function AccountStatusBanner({ status }: { status: ManufacturerStatus | null }) {
  const t = useT();
  if (!status || status === 'approved') return null;
  const severe = status === 'suspended' || status === 'rejected';
  return (
    <section
      aria-label={t('shell.accountStatus.label')}
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${severe ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <p className="font-semibold">{t(`shell.accountStatus.${status}`)}</p>
      <p>
        {t(NOTICES[status])}{' '}
        <Link to="/dashboard/help" className="font-semibold underline">
          {t('shell.accountStatus.help')}
        </Link>
      </p>
    </section>
  );
}
