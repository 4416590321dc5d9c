import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_FAILED,
  CONTACT_LIMITS,
  type ContactMessageInput,
  contactMessageSchema,
  PROMISES,
  type SiteSettings,
} from '@ub/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/feedback.tsx';
import { FormError, TextAreaField, TextField } from '../../components/field.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSessionUser } from '../auth/session.tsx';

/** The questions in order; each is `help.faq.<key>.q` and its answer `help.faq.<key>.a`. */
const FAQS = ['listings', 'payments', 'banking', 'fulfilment', 'search'] as const;

/** The values the answers quote (the platform's promises, one place for every language). */
const FAQ_VALUES = {
  months: PROMISES.bankStatementMaxAgeMonths,
  days: PROMISES.bankingUpdateBusinessDays,
};

function Faq() {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-title`} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${baseId}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {t('help.faqTitle')}
      </h2>
      <div className="divide-y divide-slate-200">
        {FAQS.map((key, i) => {
          const expanded = open === i;
          return (
            <div key={key}>
              <h3>
                <button
                  type="button"
                  id={`${baseId}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${baseId}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 py-3 text-left text-sm font-medium text-slate-900 hover:text-brand-700"
                >
                  {t(`help.faq.${key}.q`)}
                  <span aria-hidden="true" className={`transition ${expanded ? 'rotate-180' : ''}`}>
                    ▾
                  </span>
                </button>
              </h3>
              <section
                id={`${baseId}-a${i}`}
                aria-labelledby={`${baseId}-q${i}`}
                hidden={!expanded}
                className="pb-4 text-sm leading-relaxed text-slate-600"
              >
                {t(`help.faq.${key}.a`, FAQ_VALUES)}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function ContactPanel() {
  const t = useT();
  const site = useQuery({ queryKey: ['site'], queryFn: () => api<SiteSettings>('/site', { anonymous: true }) });
  const s = site.data;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('help.contact.title')}</h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500">{t('help.contact.email')}</dt>
          <dd>
            {s ? (
              <a className="text-brand-700 hover:underline" href={`mailto:${s.supportEmail}`}>
                {s.supportEmail}
              </a>
            ) : (
              '...'
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('help.contact.phone')}</dt>
          <dd>
            {s ? (
              <a className="text-brand-700 hover:underline" href={`tel:${s.supportPhone.replace(/\s+/g, '')}`}>
                {s.supportPhone}
              </a>
            ) : (
              '...'
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('help.contact.hours')}</dt>
          <dd className="text-slate-800">
            {/* The admin's own wording when it differs from the default; the default is said in each language. */}
            {s && s.supportHours !== PROMISES.supportHours ? s.supportHours : t('help.contact.defaultHours')}
          </dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
        {t('help.contact.respond', { hours: PROMISES.supportResponseHours })}
      </p>
      {site.isError && <FormError message={t('help.contact.loadFailed')} />}
    </section>
  );
}

function ContactForm() {
  const t = useT();
  const user = useSessionUser();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: user.name, email: user.email, subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setSent(false);
    try {
      await api('/contact/admin', { method: 'POST', body: values, fallbackError: CONTACT_FAILED });
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(CONTACT_FAILED, 0);
      for (const [field, message] of Object.entries(e.fields)) {
        setFieldError(field as keyof ContactMessageInput, { message });
      }
      setError(e.message);
      return;
    }
    setSent(true);
    toast.success(t('help.form.sent'));
    reset({ name: '', email: '', subject: '', message: '' });
  });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('help.form.title')}</h2>
      <form className="mt-4 space-y-4" noValidate onSubmit={onSubmit}>
        {sent && (
          <div
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            {t('help.form.sent')}
          </div>
        )}
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('help.form.name')}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('help.form.email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <TextField
          label={t('help.form.subject')}
          maxLength={CONTACT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextAreaField
          label={t('help.form.message')}
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          error={errors.message?.message}
          {...register('message')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'help.form.sending' : 'help.form.send')}
        </Button>
      </form>
    </section>
  );
}

export default function HelpPage() {
  const t = useT();
  return (
    <div>
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ContactForm />
          <Faq />
        </div>
        <div className="order-first lg:order-last">
          <ContactPanel />
        </div>
      </div>
    </div>
  );
}
