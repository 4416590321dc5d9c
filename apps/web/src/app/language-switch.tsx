import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ub/shared/i18n';
import { useId } from 'react';
import { setLanguage, useLanguage, useT } from '../lib/i18n.tsx';

/**
 * The language switch (landing header, sign-in pages, user menus): a native select, each language named in
 * itself. The pseudo-language is not offered; tests set it with the cookie.
 */
export function LanguageSwitch({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const id = useId();
  return (
    <span className={`items-center gap-1 ${className || 'inline-flex'}`}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm text-slate-600'}>
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={lang}
        data-testid="language-switch"
        onChange={(e) => void setLanguage(e.target.value as Language)}
        className="rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-700"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
        {lang === 'xx' && <option value="xx">{LANGUAGE_NAMES.xx}</option>}
      </select>
    </span>
  );
}
