import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const LOOKS = {
  underline: {
    list: 'flex gap-1 overflow-x-auto border-b border-slate-200',
    row: 'flex flex-wrap items-end justify-between gap-2',
    tab: '-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700',
  },
  pills: {
    list: 'flex rounded-lg bg-slate-100 p-1',
    row: 'flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3',
    tab: 'rounded-md px-3 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  },
};

/**
 * A row of tabs on Radix Tabs: arrow keys move between them (Home and End to the ends) and select, one tab stop
 * for the row. `children`, when given, is the selected tab's panel, labelled by its tab; without it the tabs
 * filter content rendered elsewhere and point at no panel.
 */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  look = 'underline',
  className,
  actions,
  children,
}: {
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  look?: keyof typeof LOOKS;
  /** Classes for the element holding the tabs and the panel. */
  className?: string;
  /** Controls shown on the tabs' row, after them (e.g. "Mark all read"). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const list = (
    <RadixTabs.List aria-label={label} className={LOOKS[look].list}>
      {tabs.map((t) => (
        <RadixTabs.Trigger
          key={t.value}
          value={t.value}
          className={LOOKS[look].tab}
          // Radix points every tab at its panel; a tab with no panel must not name a missing element.
          {...(children === undefined ? { 'aria-controls': undefined } : {})}
        >
          {t.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onChange(v as T)} className={className}>
      {actions ? (
        <div className={LOOKS[look].row}>
          {list}
          {actions}
        </div>
      ) : (
        list
      )}
      {children !== undefined && (
        <RadixTabs.Content
          value={value}
          className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
        >
          {children}
        </RadixTabs.Content>
      )}
    </RadixTabs.Root>
  );
}

/** The list search input; pair it with useDebounced so each keystroke is not a request. */
export function SearchBox({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 sm:w-72"
    />
  );
}
