import { type ManufacturerStatus, PROMISES, type SettingsResponse } from '@ub/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { StatusTracker } from '../../components/status-tracker.tsx';
import { api } from '../../lib/api.ts';
import { i18n, useT } from '../../lib/i18n.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { TaxSection } from './tax-section.tsx';
import { TdsSection } from './tds-section.tsx';
import { categoryText } from '../../components/trade-words.ts';

/** The verification notice's colours; its title and text are `settings.status.<status>`. */
const STATUS_TONES: Record<ManufacturerStatus, string> = {
  received: 'border-yellow-200 bg-yellow-50 text-yellow-900',
  under_review: 'border-yellow-200 bg-yellow-50 text-yellow-900',
  approved: 'border-green-200 bg-green-50 text-green-900',
  rejected: 'border-red-200 bg-red-50 text-red-900',
  suspended: 'border-red-200 bg-red-50 text-red-900',
};

function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => api<SettingsResponse>('/settings', { fallbackError: i18n._('settings.loadFailed') }),
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
  const t = useT();
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      {/* A stored value (a name, an address, an id) is shown as written: no translator, ours or the browser's. */}
      <dd
        translate={value ? 'no' : undefined}
        className={`mt-1 text-sm break-words ${value ? 'text-slate-900' : 'text-slate-500 italic'} ${mono && value ? 'font-mono' : ''}`}
      >
        {value || t('settings.notProvided')}
      </dd>
    </div>
  );
}

/** A category in the active language; another (an old value) as the shared label says it. */
function categoryName(t: ReturnType<typeof useT>, category: string | null): string | null {
  return category ? categoryText(t, category) : null;
}

/** The bank account's type is free text; the two usual ones are said in the active language. */
function accountTypeName(t: ReturnType<typeof useT>, type: string | null): string | null {
  return type === 'Current' || type === 'Savings' ? t(`settings.bank.types.${type}`) : type;
}

export default function SettingsPage() {
  const t = useT();
  const { data, isPending, error } = useSettings();

  if (isPending) return <Spinner label={t('settings.loading')} />;
  if (error || !data) {
    return (
      <>
        <PageHeader title={t('settings.title')} />
        <FormError message={error?.message ?? t('settings.loadFailed')} />
      </>
    );
  }

  const { profile, bank } = data;
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />

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
              {t('settings.locked.title')}
            </h2>
            <p className="mt-1">{t('settings.locked.text')}</p>
            <p className="mt-2">
              {t('settings.locked.yourId')}{' '}
              <span className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-900">
                {profile.manufacturerId}
              </span>
            </p>
            <Link to="/dashboard/help" className="mt-2 inline-block font-semibold text-amber-900 underline">
              {t('settings.locked.contact')}
            </Link>
          </div>
        </div>

        <section
          className={`rounded-xl border px-5 py-4 ${STATUS_TONES[profile.status]}`}
          aria-labelledby="verification-title"
        >
          <h2 id="verification-title" className="text-base font-semibold">
            {t(`settings.status.${profile.status}.title`)}
          </h2>
          <p className="mt-1 text-sm">
            {t(`settings.status.${profile.status}.text`, { hours: PROMISES.verificationHours })}
          </p>
          <div className="mt-4 max-w-md">
            <StatusTracker status={profile.status} />
          </div>
        </section>

        <Section title={t('settings.profile.title')}>
          <Item label={t('settings.profile.fullName')} value={profile.fullName} />
          <Item label={t('settings.profile.userId')} value={profile.userId} mono />
          <Item label={t('settings.profile.email')} value={profile.email} />
          <Item label={t('settings.profile.phone')} value={profile.phone ? `+91 ${profile.phone}` : null} />
          <Item label={t('settings.profile.companyName')} value={profile.companyName} />
          <Item label={t('settings.profile.category')} value={categoryName(t, profile.category)} />
          <Item label={t('settings.profile.gstin')} value={profile.gstNumber} mono />
          <Item label={t('settings.profile.manufacturerId')} value={profile.manufacturerId} mono />
          <Item label={t('settings.profile.address')} value={profile.companyAddress} wide />
        </Section>

        <Section title={t('settings.bank.title')}>
          <Item label={t('settings.bank.holder')} value={bank.accountHolderName} />
          <Item label={t('settings.bank.bankName')} value={bank.bankName} />
          <Item label={t('settings.bank.branch')} value={bank.branchName} />
          <Item label={t('settings.bank.accountNumber')} value={bank.accountNumber} mono />
          <Item label={t('settings.bank.ifsc')} value={bank.ifscCode} mono />
          <Item label={t('settings.bank.accountType')} value={accountTypeName(t, bank.accountType)} />
        </Section>

        <LanguageSection />

        <TaxSection />

        <TdsSection />

        <DocumentsSection />
      </div>
    </>
  );
}
