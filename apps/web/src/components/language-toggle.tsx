import { CheckIcon, LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { changeLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';

/** Deutsch/English switch; the choice is kept under 'i18nextLng' and sets <html lang>. */
export function LanguageToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  const name = (lng: Language) => t(`nav.language.${lng}`);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size={compact ? 'icon' : 'sm'}
          className={compact ? undefined : 'max-sm:size-9 max-sm:px-0'}
          data-qa="language-toggle"
          aria-label={t('nav.language.current', { language: name(active) })}
        >
          <LanguagesIcon />
          {!compact && <span className="hidden sm:inline">{name(active)}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {LANGUAGES.map((lng) => (
          <DropdownMenuItem
            key={lng}
            lang={lng}
            onSelect={() => void changeLanguage(lng)}
            data-qa={`language-option-${lng}`}
            aria-current={lng === active ? 'true' : undefined}
          >
            <CheckIcon className={lng === active ? 'opacity-100' : 'opacity-0'} aria-hidden="true" />
            {name(lng)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
