import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '@kita/shared';
import { changeLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * Deutsch/English switch as two toggle buttons; the choice is kept under 'i18nextLng' and sets
 * <html lang>. Plain buttons rather than a menu: it sits on the parents' phone pages, whose
 * first load should stay small.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  // Each language is named in itself, so a family finds its own whatever the page speaks now.
  const name = (lng: Language) => LANGUAGE_NAMES[lng];
  return (
    <div
      role="group"
      aria-label={t('nav.language.label')}
      className={cn('bg-muted inline-flex h-8 items-center gap-0.5 rounded-md p-0.5', className)}
      data-qa="language-toggle"
    >
      <LanguagesIcon className="text-muted-foreground mx-1 size-4" aria-hidden="true" />
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={lng === active}
          title={name(lng)}
          onClick={() => void changeLanguage(lng)}
          data-qa={`language-option-${lng}`}
          className={cn(
            'focus-visible:ring-ring/50 h-7 rounded-sm px-2 text-xs font-medium outline-none focus-visible:ring-[3px]',
            lng === active
              ? 'bg-background text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {/* Phones show the code; the full name stays in the accessible name, which must contain the visible text. */}
          <span className="sm:hidden">{lng.toUpperCase()}</span>
          <span className="sr-only sm:not-sr-only">{name(lng)}</span>
        </button>
      ))}
    </div>
  );
}
