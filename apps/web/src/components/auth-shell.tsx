import type * as React from 'react';
import { CheckCircle2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Brand, BrandMark } from '@/components/brand';
import { LanguageToggle } from '@/components/language-toggle';
import { LegalLinks } from '@/components/legal-links';

/**
 * Frame of the public pages: a brand panel on wide screens, the content centred on the right,
 * and the language switch in the corner (it must be reachable before logging in).
 */
export function AuthShell({ children, languageSwitch = true }: { children: React.ReactNode; languageSwitch?: boolean }) {
  const { t } = useTranslation();
  const points = [t('auth.brand.point1'), t('auth.brand.point2'), t('auth.brand.point3')];
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-stone-900 p-10 text-stone-50 lg:flex">
        <div aria-hidden="true" className="bg-primary/25 absolute -top-24 -end-24 size-80 rounded-full blur-3xl" />
        <div aria-hidden="true" className="bg-primary/10 absolute -bottom-32 -start-16 size-96 rounded-full blur-3xl" />
        <Brand className="relative text-lg" />
        <div className="relative max-w-md space-y-6">
          <p className="text-3xl leading-tight font-semibold tracking-tight">{t('auth.brand.tagline')}</p>
          <ul className="space-y-3 text-stone-300">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3">
                <CheckCircle2Icon className="text-primary size-5 shrink-0" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-stone-400">© {new Date().getFullYear()} {t('common.appName')}</p>
      </aside>
      <div className="flex flex-col">
        <header className="flex flex-wrap items-center justify-between gap-2 p-4 md:p-6">
          <span className="flex items-center gap-2 font-semibold lg:invisible">
            <BrandMark className="size-7" />
            <span>{t('common.appName')}</span>
          </span>
          {languageSwitch && <LanguageToggle />}
        </header>
        <main className="flex flex-1 items-center justify-center px-4 pb-6 sm:px-6">{children}</main>
        <footer className="px-4 pb-4">
          <LegalLinks />
        </footer>
      </div>
    </div>
  );
}
