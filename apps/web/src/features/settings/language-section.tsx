import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ub/shared/i18n';
import { useId } from 'react';
import { setLanguage, useLanguage, useT } from '../../lib/i18n.tsx';

/**
 * The seller's language on the Settings page, the same choice as the user menu's: the screens switch at once and
 * the session saves it to the account (`onLanguageChosen`), so it follows the seller to other devices.
 */
export function LanguageSection() {
  const t = useT();
  const lang = useLanguage();
  const id = useId();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
        {t('settings.language.title')}
      </h2>
      <div className="space-y-3 px-5 py-4">
        <p className="text-sm text-slate-600">{t('settings.language.text')}</p>
        <div className="max-w-xs space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {t('settings.language.label')}
          </label>
          <select
            id={id}
            value={lang}
            onChange={(e) => void setLanguage(e.target.value as Language)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
            {lang === 'xx' && <option value="xx">{LANGUAGE_NAMES.xx}</option>}
          </select>
        </div>
      </div>
    </section>
  );
}
