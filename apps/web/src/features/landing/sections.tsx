import { Icon, type IconName } from './icons.tsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-slate-600">{subtitle}</p>}
    </div>
  );
}

const SELLER_STEPS: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'profile',
    title: 'Create your profile',
    text: 'Share your business details and documents. Our team verifies them within 24 hours.',
  },
  {
    icon: 'orders',
    title: 'Get orders',
    text: 'Receive orders and requests for quotes from verified buyers across India.',
  },
  {
    icon: 'paid',
    title: 'Ship and get paid',
    text: 'Dispatch with our logistics partners and receive secure payouts straight to your bank.',
  },
  {
    icon: 'growth',
    title: 'Grow your business',
    text: 'Use insights, repeat buyers and new markets to scale your sales month after month.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="Start selling in four simple steps"
          subtitle="From sign-up to your first payout, our team is with you at every step."
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SELLER_STEPS.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={step.icon} />
                </span>
                <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-600">
                  Step {i + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const BENEFITS: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'badge',
    title: 'Verified Seller badge',
    text: 'Stand out to buyers with a badge that shows your business has been checked by our team.',
  },
  {
    icon: 'manager',
    title: 'Dedicated relationship manager',
    text: 'One person who knows your business, helps with listings and answers your questions.',
  },
  {
    icon: 'lock',
    title: 'Secure payments',
    text: 'Escrow protection on every order and access to trade credit, so you never chase payments.',
  },
  {
    icon: 'truck',
    title: 'Nationwide shipping',
    text: 'Pick-up from your factory and delivery across India, with live tracking for you and your buyer.',
  },
  {
    icon: 'board',
    title: 'Requirements board',
    text: 'See what buyers need right now and quote on requirements that match what you make.',
  },
  {
    icon: 'listing',
    title: 'Easy product listing',
    text: 'List one product in minutes or your whole catalogue at once with a simple bulk upload.',
  },
];

export function Benefits() {
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-16 bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          eyebrow="Benefits"
          title="Everything you need to sell B2B"
          subtitle="Tools and people that help Indian manufacturers win bigger orders."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li
              key={b.title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-700 text-white">
                <Icon name={b.icon} className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{b.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const PERKS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'bolt', title: 'Free setup', text: 'We create your seller profile and first listings at no cost.' },
  { icon: 'clock', title: '24-hour verification', text: 'Documents checked and your account approved within a day.' },
  { icon: 'rupee', title: 'No monthly fees', text: 'No subscription. You pay only when you sell.' },
];

export function Perks() {
  return (
    <section aria-label="Perks" className="bg-brand-800">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
        {PERKS.map((p) => (
          <li key={p.title} className="flex items-start gap-4">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/10 text-accent-400">
              <Icon name={p.icon} />
            </span>
            <div>
              <p className="text-lg font-bold text-white">{p.title}</p>
              <p className="mt-1 text-sm text-brand-100">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
