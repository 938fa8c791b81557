import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const PAGES = ['privacy', 'imprint', 'accessibility'] as const;

/**
 * The links to the privacy notice, imprint and accessibility statement that every public page
 * carries (login, registration, forgotten password, the preference page). Plain links, not router
 * links: the preference page runs without the router (preference.html).
 */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('common.legal.label')} className={cn('text-muted-foreground text-sm', className)} data-qa="legal-links">
      <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        {PAGES.map((page) => (
          <li key={page}>
            <a href={`/${page}`} className="hover:text-foreground inline-flex min-h-11 items-center underline-offset-4 hover:underline" data-qa={`legal-link-${page}`}>
              {t(`common.legal.${page}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
