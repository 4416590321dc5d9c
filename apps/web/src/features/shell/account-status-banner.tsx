import { type ManufacturerStatus, SELLER_STATUS_NOTICES } from '@ub/shared';
import { Link } from 'react-router';

const TITLES: Record<Exclude<ManufacturerStatus, 'approved'>, string> = {
  received: 'Verification pending',
  under_review: 'Verification under review',
  suspended: 'Account suspended',
  rejected: 'Registration rejected',
};

/**
 * What the seller's account status allows, above every page of the seller app (the same words as the server's
 * 403 answers); nothing for an approved account.
 */
export function AccountStatusBanner({ status }: { status: ManufacturerStatus | null }) {
  if (!status || status === 'approved') return null;
  const severe = status === 'suspended' || status === 'rejected';
  return (
    <section
      aria-label="Account status"
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${severe ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <p className="font-semibold">{TITLES[status]}</p>
      <p>
        {SELLER_STATUS_NOTICES[status]}{' '}
        <Link to="/dashboard/help" className="font-semibold underline">
          Help &amp; Docs
        </Link>
      </p>
    </section>
  );
}
