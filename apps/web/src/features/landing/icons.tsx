/**
 * Outline icons (24 px grid, Heroicons-style paths). The paths live in one cached SVG sprite
 * (`public/landing-icons.svg`), not in the landing page's JavaScript: 3 KB gzip less of the 120 KB budget.
 */
export type IconName =
  | 'badge'
  | 'shield'
  | 'truck'
  | 'lock'
  | 'sparkles'
  | 'manager'
  | 'board'
  | 'listing'
  | 'profile'
  | 'orders'
  | 'paid'
  | 'growth'
  | 'phone'
  | 'mail'
  | 'calendar'
  | 'chat'
  | 'rocket'
  | 'globe'
  | 'clock'
  | 'rupee'
  | 'bolt'
  | 'users'
  | 'menu'
  | 'close'
  | 'check'
  | 'arrow'
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'twitter'
  | 'youtube';

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`/landing-icons.svg#${name}`} />
    </svg>
  );
}
