/**
 * Udyog Bazaar's mark, the same drawing as the favicon: the landing header and footer, the sign-in pages and the
 * sidebars all show it. Decorative: the name beside it (or the link's label) says what it is.
 */
export function BrandMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="7" className="fill-brand-700" />
      <path d="M8 22V10l8 6 8-6v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
