import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Language, LegalPage as Page } from '@kita/shared';
import { Brand } from '@/components/brand';
import { LanguageToggle } from '@/components/language-toggle';
import { LegalLinks } from '@/components/legal-links';
import { Markdown } from '@/components/markdown';
import { ErrorState } from '@/components/states';
import { Skeleton } from '@/components/ui/skeleton';
import { changeLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';
import { useLegalText } from '../queries';

const pageOf = (path: string): Page => (path.endsWith('/imprint') ? 'imprint' : path.endsWith('/accessibility') ? 'accessibility' : 'privacy');

/**
 * /privacy, /imprint, /accessibility: the operator's texts (the server fills the templates from its
 * settings), public, in the UI language. `?lang=de|en` (the links in e-mails) opens the page in the
 * recipient's language.
 */
export default function LegalPage() {
  const { t, i18n } = useTranslation();
  const page = pageOf(useLocation().pathname);
  const [params] = useSearchParams();
  const asked = params.get('lang');
  React.useEffect(() => {
    if (asked && (LANGUAGES as readonly string[]).includes(asked) && asked !== currentLanguage()) void changeLanguage(asked as Language);
  }, [asked]);
  const language = i18n.language;
  const text = useLegalText(page, language);
  React.useEffect(() => {
    document.title = `${t(`common.legal.${page}`)} · ${t('common.appName')}`;
  }, [page, t, language]);
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="bg-background flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3 md:px-6">
        <Link to="/" className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]">
          <Brand />
        </Link>
        <LanguageToggle />
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 p-4 sm:p-6" data-qa={`legal-page-${page}`}>
        <article className="bg-background grid gap-3 rounded-xl border p-4 text-sm leading-relaxed sm:p-6" lang={text.data?.language}>
          {text.error ? (
            <ErrorState title={t('common.legal.loadFailed')} error={text.error} onRetry={() => void text.refetch()} />
          ) : !text.data ? (
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <>
              {!language.startsWith(text.data.language) && (
                <p className="text-muted-foreground text-xs" lang={language} data-qa="legal-language-note">
                  {t('common.legal.onlyGermanEnglish')}
                </p>
              )}
              <Markdown source={text.data.markdown} className="grid gap-3" />
            </>
          )}
        </article>
      </main>
      <footer className="pb-4">
        <LegalLinks />
      </footer>
    </div>
  );
}
