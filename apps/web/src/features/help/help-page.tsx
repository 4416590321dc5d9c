import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_FAILED,
  CONTACT_LIMITS,
  CONTACT_SENT,
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
import { useSessionUser } from '../auth/session.tsx';

const FAQS: Array<{ q: string; a: string }> = [
  {
    q: 'How do I update my product listings and inventory?',
    a: 'Open Products from the sidebar and choose Edit on the product. You can change the title, description, price, MOQ, stock and images, and save. To change many products at once, use Bulk Upload with the CSV template. Keep the stock figure current: a product with no stock is not shown to buyers.',
  },
  {
    q: 'How can I track my payments and settlements?',
    a: `Open Payments to see every payment with its status (Paid or Pending). Settlements are made ${PROMISES.settlementCycle}, and you receive an email notice for each settlement with the orders it covers and the amount paid to your bank account.`,
  },
  {
    q: 'How do I update my banking details?',
    a: `Banking details cannot be edited online, for your security. Send us a message with the form on this page, giving your manufacturer ID, and attach or e-mail a cancelled cheque, a bank statement not older than ${PROMISES.bankStatementMaxAgeMonths} months and your PAN card. Requests are processed in ${PROMISES.bankingUpdateBusinessDays} business days.`,
  },
  {
    q: 'How does order fulfilment and shipping work?',
    a: 'New orders appear in Order Management. Confirm the order, pack it and dispatch it within the agreed dispatch time, then enter the carrier and tracking number so the buyer can follow the shipment. The order is complete once the buyer receives it, and its payment then enters the next settlement.',
  },
  {
    q: 'Why is my product not showing in search results?',
    a: 'Buyers only find products that are complete and available: give the product a clear title and description, add good images, make sure its status is Active (approved by our team) and that it has stock. Products pending approval, suspended or out of stock do not appear in search.',
  },
];

function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-title`} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${baseId}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        Frequently asked questions
      </h2>
      <div className="divide-y divide-slate-200">
        {FAQS.map((f, i) => {
          const expanded = open === i;
          return (
            <div key={f.q}>
              <h3>
                <button
                  type="button"
                  id={`${baseId}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${baseId}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 py-3 text-left text-sm font-medium text-slate-900 hover:text-brand-700"
                >
                  {f.q}
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
                {f.a}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function ContactPanel() {
  const site = useQuery({ queryKey: ['site'], queryFn: () => api<SiteSettings>('/site', { anonymous: true }) });
  const s = site.data;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">Contact support</h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Email</dt>
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
          <dt className="font-medium text-slate-500">Phone</dt>
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
          <dt className="font-medium text-slate-500">Hours</dt>
          <dd className="text-slate-800">{s?.supportHours ?? PROMISES.supportHours}</dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
        We respond within {PROMISES.supportResponseHours} hours.
      </p>
      {site.isError && <FormError message="Could not load the contact details. Please reload the page." />}
    </section>
  );
}

function ContactForm() {
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
    toast.success(CONTACT_SENT);
    reset({ name: '', email: '', subject: '', message: '' });
  });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">Send a message to the admin team</h2>
      <form className="mt-4 space-y-4" noValidate onSubmit={onSubmit}>
        {sent && (
          <div
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            {CONTACT_SENT}
          </div>
        )}
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <TextField
          label="Subject"
          maxLength={CONTACT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextAreaField
          label="Message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          error={errors.message?.message}
          {...register('message')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </section>
  );
}

export default function HelpPage() {
  return (
    <div>
      <PageHeader
        title="Help & Docs"
        description="Contact Admin and Support: write to us, or find a quick answer below."
      />
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
