import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ub/shared/i18n';
import { setLanguage, translateMessage, useLanguage, useT } from '../../lib/i18n.tsx';

/**
 * The account menu of the top bar (user menu, "Admin Menu") on Radix DropdownMenu: arrow keys move between items,
 * typing a letter jumps to one, Escape or a click outside closes it and focus goes back to the button.
 */
export function UserMenu({ label, items }: { label: string; items: Array<{ label: string; onSelect: () => void }> }) {
  const t = useT();
  const lang = useLanguage();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <span
            className="grid h-8 w-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
            aria-hidden="true"
          >
            {label.slice(0, 1).toUpperCase()}
          </span>
          <span className="hidden max-w-40 truncate sm:inline" aria-hidden="true">
            {label}
          </span>
          <ChevronDown aria-hidden="true" className="hidden h-4 w-4 text-slate-500 sm:block" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-30 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg outline-none"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              onSelect={item.onSelect}
              className="block w-full cursor-pointer px-4 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
            >
              {translateMessage(item.label)}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-4 py-1 text-xs font-semibold text-slate-500">
            {t('common.language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={lang} onValueChange={(v) => void setLanguage(v as Language)}>
            {LANGUAGES.map((l) => (
              <DropdownMenu.RadioItem
                key={l}
                value={l}
                lang={l}
                data-testid={`language-${l}`}
                className="flex w-full cursor-pointer items-center justify-between px-4 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold"
              >
                {LANGUAGE_NAMES[l]}
                <DropdownMenu.ItemIndicator aria-hidden="true">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
