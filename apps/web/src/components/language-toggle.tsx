import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@kita/shared';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES, STAFF_LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * The language switch: Deutsch/English as two toggle buttons, and on the families' pages a native
 * select with the other family languages, each named in itself ("Türkçe", "العربية"). The choice is
 * kept under 'i18nextLng' and sets <html lang dir>. Plain controls rather than a menu: it sits on
 * the parents' phone pages, whose first load should stay small; staff screens (`staff`) offer only
 * German and English.
 */
export function LanguageToggle({ className, staff = false }: { className?: string; staff?: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  const buttons: readonly Language[] = STAFF_LANGUAGES;
  const others = staff ? [] : LANGUAGES.filter((lng) => !buttons.includes(lng));
  return (
    <div
      role="group"
      aria-label={t('nav.language.label')}
      className={cn('bg-muted inline-flex h-8 items-center gap-0.5 rounded-md p-0.5', className)}
      data-qa="language-toggle"
    >
      <LanguagesIcon className="text-muted-foreground mx-1 size-4" aria-hidden="true" />
      {buttons.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={lng === active}
          title={LANGUAGE_NAMES[lng]}
          onClick={() => void changeLanguage(lng)}
          data-qa={`language-option-${lng}`}
          className={cn(
            'focus-visible:ring-ring/50 h-7 rounded-sm px-2 text-xs font-medium outline-none focus-visible:ring-[3px]',
            lng === active ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {/* Phones show the code; the full name stays in the accessible name, which must contain the visible text. */}
          <span className="sm:hidden">{lng.toUpperCase()}</span>
          <span className="sr-only sm:not-sr-only">{LANGUAGE_NAMES[lng]}</span>
        </button>
      ))}
      {others.length > 0 && (
        <select
          aria-label={t('nav.language.more')}
          value={others.includes(active) ? active : ''}
          onChange={(event) => {
            const lng = event.target.value as Language;
            if (others.includes(lng)) void changeLanguage(lng);
          }}
          data-qa="language-select"
          className={cn(
            'focus-visible:ring-ring/50 h-7 max-w-32 rounded-sm bg-transparent px-1 text-xs font-medium outline-none focus-visible:ring-[3px]',
            others.includes(active) ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <option value="" disabled>
            {t('nav.language.more')}
          </option>
          {others.map((lng) => (
            <option key={lng} value={lng} lang={lng} dir="auto" data-qa={`language-option-${lng}`}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
