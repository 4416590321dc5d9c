import { CATEGORY_LABELS, labelOf, type ManufacturerStatus, PROMISES, type SettingsResponse } from '@ub/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { StatusTracker } from '../../components/status-tracker.tsx';
import { api } from '../../lib/api.ts';
import { DocumentsSection } from './documents-section.tsx';
import { TaxSection } from './tax-section.tsx';

const NOT_PROVIDED = 'Not provided yet';

const STATUS_NOTICE: Record<ManufacturerStatus, { tone: string; title: string; text: string }> = {
  received: {
    tone: 'border-yellow-200 bg-yellow-50 text-yellow-900',
    title: 'Verification pending',
    text: `We have received your registration. Our team will verify your details within ${PROMISES.verificationHours} hours.`,
  },
  under_review: {
    tone: 'border-yellow-200 bg-yellow-50 text-yellow-900',
    title: 'Under review',
    text: 'Our team is reviewing your documents and business details.',
  },
  approved: {
    tone: 'border-green-200 bg-green-50 text-green-900',
    title: 'Verified seller',
    text: 'Your business is verified. Buyers see the verified seller badge on your listings.',
  },
  rejected: {
    tone: 'border-red-200 bg-red-50 text-red-900',
    title: 'Registration not approved',
    text: 'Your registration was not approved. Please contact support to find out why and what to send.',
  },
  suspended: {
    tone: 'border-red-200 bg-red-50 text-red-900',
    title: 'Account suspended',
    text: 'Your account is suspended. Please contact support.',
  },
};

function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => api<SettingsResponse>('/settings', { fallbackError: 'Failed to load settings.' }),
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">{title}</h2>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({
  label,
  value,
  mono,
  wide,
}: {
  label: string;
  value: string | null | undefined;
  mono?: boolean;
  /** Spans both columns; set here because a <dl> allows only one wrapper between it and each dt/dd pair. */
  wide?: boolean;
}) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={`mt-1 text-sm break-words ${value ? 'text-slate-900' : 'text-slate-500 italic'} ${mono && value ? 'font-mono' : ''}`}
      >
        {value || NOT_PROVIDED}
      </dd>
    </div>
  );
}

export default function SettingsPage() {
  const { data, isPending, error } = useSettings();

  if (isPending) return <Spinner label="Loading settings..." />;
  if (error || !data) {
    return (
      <>
        <PageHeader title="Settings" />
        <FormError message={error?.message ?? 'Failed to load settings.'} />
      </>
    );
  }

  const { profile, bank } = data;
  const notice = STATUS_NOTICE[profile.status];
  return (
    <>
      <PageHeader title="Settings" description="Your business profile and bank details." />

      <div className="space-y-6">
        <div
          role="note"
          aria-labelledby="locked-title"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900"
        >
          <span aria-hidden="true" className="text-xl leading-6">
            🔒
          </span>
          <div className="min-w-0 text-sm">
            <h2 id="locked-title" className="text-base font-semibold">
              Account Information Locked
            </h2>
            <p className="mt-1">
              For your security, profile and bank details cannot be edited online. To change them, contact support with
              your manufacturer ID, the reason for the change and supporting documents.
            </p>
            <p className="mt-2">
              Your manufacturer ID:{' '}
              <span className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-900">
                {profile.manufacturerId}
              </span>
            </p>
            <Link to="/dashboard/help" className="mt-2 inline-block font-semibold text-amber-900 underline">
              Contact support
            </Link>
          </div>
        </div>

        <section className={`rounded-xl border px-5 py-4 ${notice.tone}`} aria-labelledby="verification-title">
          <h2 id="verification-title" className="text-base font-semibold">
            {notice.title}
          </h2>
          <p className="mt-1 text-sm">{notice.text}</p>
          <div className="mt-4 max-w-md">
            <StatusTracker status={profile.status} />
          </div>
        </section>

        <Section title="Profile">
          <Item label="Full Name" value={profile.fullName} />
          <Item label="User ID" value={profile.userId} mono />
          <Item label="Email" value={profile.email} />
          <Item label="Phone" value={profile.phone ? `+91 ${profile.phone}` : null} />
          <Item label="Company Name" value={profile.companyName} />
          <Item label="Category" value={labelOf(CATEGORY_LABELS, profile.category)} />
          <Item label="GSTIN" value={profile.gstNumber} mono />
          <Item label="Manufacturer ID" value={profile.manufacturerId} mono />
          <Item label="Registered Address" value={profile.companyAddress} wide />
        </Section>

        <Section title="Bank Details">
          <Item label="Account Holder Name" value={bank.accountHolderName} />
          <Item label="Bank Name" value={bank.bankName} />
          <Item label="Branch Name" value={bank.branchName} />
          <Item label="Account Number" value={bank.accountNumber} mono />
          <Item label="IFSC Code" value={bank.ifscCode} mono />
          <Item label="Account Type" value={bank.accountType} />
        </Section>

        <TaxSection />

        <DocumentsSection />
      </div>
    </>
  );
}
