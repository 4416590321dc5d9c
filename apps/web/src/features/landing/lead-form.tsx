import type { LeadResponse } from '@ub/shared';
import { normalizeGst } from '@ub/shared/gst';
import { checkLead, LEAD_LIMITS, LEAD_SOURCES, type LeadField, normalizeContact } from '@ub/shared/lead-rules';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { FormError, SelectField, TextField } from '../../components/field.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { POLICY_HASH } from './policy-link.ts';
import { T, useT } from '../../lib/i18n.tsx';

const OTHER = 'Other';

interface Values {
  name: string;
  company: string;
  gst: string;
  contact: string;
  email: string;
  source: string;
  sourceOther: string;
}

const EMPTY: Values = { name: '', company: '', gst: '', contact: '', email: '', source: '', sourceOther: '' };

const FIELD_ORDER: LeadField[] = ['name', 'company', 'gst', 'contact', 'email', 'referredBy'];

const loadToasts = () => import('./landing-toasts.tsx');
// react-toastify and its container come with the first interaction with the form, not with the page: a visitor who
// only reads the page never downloads them. A toast raised before the container mounts waits for it.
const LandingToasts = lazy(() => loadToasts().then((m) => ({ default: m.Toasts })));

function referredBy(v: Values): string {
  if (v.source !== OTHER) return v.source;
  return v.sourceOther.trim() || OTHER;
}

/**
 * The onboarding lead form. On success the form clears and the terms box unticks; on failure everything typed
 * stays put and the server's messages appear on the fields.
 */
export function LeadForm() {
  const t = useT();
  const [values, setValues] = useState<Values>(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<LeadField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [toasts, setToasts] = useState(false);
  const ids = { form: useId(), terms: useId() };
  const fieldId = (f: LeadField) => `${ids.form}-${f}`;

  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    const key: LeadField = field === 'source' || field === 'sourceOther' ? 'referredBy' : (field as LeadField);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const showErrors = (found: Partial<Record<LeadField, string>>) => {
    setErrors(found);
    const firstBad = FIELD_ORDER.find((f) => found[f]);
    if (firstBad) {
      const id =
        firstBad === 'referredBy' && values.source === OTHER ? `${fieldId(firstBad)}-other` : fieldId(firstBad);
      document.getElementById(id)?.focus();
    }
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setToasts(true);
    if (!agreed || submitting) return;
    const lead = {
      name: values.name,
      company: values.company,
      gst: values.gst,
      contact: values.contact,
      email: values.email,
      referredBy: referredBy(values),
    };
    const found = checkLead(lead);
    setFailure(null);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      await api<LeadResponse>('/leads', {
        method: 'POST',
        anonymous: true,
        body: { ...lead, sourcePage: `${location.pathname}${location.search}`.slice(0, LEAD_LIMITS.sourcePageMax) },
      });
      setValues(EMPTY);
      setAgreed(false);
      setErrors({});
      const { toast } = await loadToasts();
      toast.success(t('landing.lead.success'), { theme: 'dark' });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : t('landing.lead.failure');
      const text = t('landing.lead.couldNotBook', { message });
      setFailure(text);
      if (err instanceof ApiError && Object.keys(err.fields).length) showErrors(err.fields);
      loadToasts()
        .then(({ toast }) => toast.error(text))
        .catch(() => undefined);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => setToasts(true)}
      aria-describedby={failure ? `${ids.form}-failure` : undefined}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('name')}
          label={t('landing.lead.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.nameMax}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          placeholder={t('landing.lead.namePlaceholder')}
        />
        <TextField
          id={fieldId('company')}
          label={t('landing.lead.company')}
          name="company"
          autoComplete="organization"
          required
          maxLength={LEAD_LIMITS.companyMax}
          value={values.company}
          onChange={(e) => set('company', e.target.value)}
          error={errors.company}
          placeholder={t('landing.lead.companyPlaceholder')}
        />
        <TextField
          id={fieldId('contact')}
          label={t('landing.lead.contact')}
          name="contact"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          prefix="+91"
          value={values.contact}
          onChange={(e) => set('contact', normalizeContact(e.target.value))}
          error={errors.contact}
          placeholder={t('landing.lead.contactPlaceholder')}
        />
        <TextField
          id={fieldId('email')}
          label={t('landing.lead.email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={LEAD_LIMITS.emailMax}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          placeholder="you@company.in"
        />
        <TextField
          id={fieldId('gst')}
          label={t('landing.lead.gst')}
          name="gst"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.gst}
          onChange={(e) => set('gst', normalizeGst(e.target.value))}
          error={errors.gst}
          placeholder="22AAAAA0000A1Z5"
          className="font-mono tracking-wider"
        />
        <SelectField
          id={fieldId('referredBy')}
          label={t('landing.lead.source')}
          name="referredBy"
          value={values.source}
          onChange={(e) => set('source', e.target.value)}
          error={values.source === OTHER ? undefined : errors.referredBy}
        >
          <option value="">{t('common.selectOption')}</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`landing.lead.sources.${LEAD_SOURCES.indexOf(s)}`)}
            </option>
          ))}
          <option value={OTHER}>{t('landing.lead.sourceOther')}</option>
        </SelectField>
      </div>
      {values.source === OTHER && (
        <TextField
          id={`${fieldId('referredBy')}-other`}
          label={t('landing.lead.sourceWhere')}
          name="referredByOther"
          maxLength={LEAD_LIMITS.referredByMax}
          value={values.sourceOther}
          onChange={(e) => set('sourceOther', e.target.value)}
          error={errors.referredBy}
        />
      )}

      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
        <input
          id={ids.terms}
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <label htmlFor={ids.terms} className="text-sm leading-relaxed text-slate-700">
          <T
            id="landing.lead.terms"
            components={[
              // biome-ignore lint/a11y/useAnchorContent: the catalogue's <0>…</0> text becomes the link's content.
              <a
                key="0"
                href={POLICY_HASH}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              />,
            ]}
          />
        </label>
      </div>

      {failure && (
        <div id={`${ids.form}-failure`}>
          <FormError message={failure} />
        </div>
      )}

      <button
        type="submit"
        disabled={!agreed || submitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {submitting ? t('landing.lead.booking') : t('landing.lead.submit')}
      </button>
      {toasts && (
        <Suspense fallback={null}>
          <LandingToasts />
        </Suspense>
      )}
    </form>
  );
}
