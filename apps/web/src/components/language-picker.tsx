import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@kita/shared';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * Every language a family may choose, each named in itself ("Türkçe", "Українська", "العربية"),
 * as large buttons: the first thing of the registration page, so a family that cannot read German
 * finds its language before anything else. Switches the page and tells `onChange`.
 */
export function LanguagePicker({ onChange, className }: { onChange?: (lng: Language) => void; className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div role="group" aria-label={t('nav.language.label')} className={cn('flex flex-wrap items-center gap-2', className)} data-qa="language-picker">
      <LanguagesIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          dir="auto"
          aria-pressed={lng === active}
          onClick={() => {
            void changeLanguage(lng);
            onChange?.(lng);
          }}
          data-qa={`language-picker-${lng}`}
          className={cn(
            'focus-visible:ring-ring/50 h-10 min-w-20 rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px]',
            lng === active ? 'bg-primary text-primary-foreground border-primary' : 'bg-background hover:bg-accent',
          )}
        >
          {LANGUAGE_NAMES[lng]}
        </button>
      ))}
    </div>
  );
}
