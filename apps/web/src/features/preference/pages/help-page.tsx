import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageToggle } from '@/components/language-toggle';
import { LegalLinks } from '@/components/legal-links';

const COLOURS = ['red', 'yellow', 'green', 'blue'] as const;
const DOT: Record<(typeof COLOURS)[number], string> = {
  red: 'bg-red-600',
  yellow: 'bg-yellow-400',
  green: 'bg-green-700',
  blue: 'bg-blue-700',
};

/**
 * /help: the families' questions about emergency care, in the product (the preference
 * page's FAQ link pointed at a placeholder address). The traffic light, how places are given
 * (rule version 2, docs/fairness.md), the care days, changing an answer and the result.
 * Public and light: the core texts only, like the preference page it is linked from.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const questions = ['order', 'credits', 'careDays', 'change', 'result', 'release'] as const;
  return (
    <div className="bg-muted/40 min-h-svh">
      <header className="bg-background flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3 md:px-6">
        <Link to="/" className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]">
          <Brand />
        </Link>
        <LanguageToggle />
      </header>
      <main className="mx-auto grid max-w-2xl gap-6 p-4 sm:p-6" data-qa="help-page">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('preference.help.title')}</h1>
          <p className="text-muted-foreground text-sm">{t('preference.help.intro')}</p>
        </div>
        <section aria-labelledby="help-colours" className="bg-background grid gap-3 rounded-xl border p-4 sm:p-5" data-qa="help-colours">
          <h2 id="help-colours" className="text-lg font-semibold">
            {t('preference.help.coloursTitle')}
          </h2>
          <ul className="grid gap-2">
            {COLOURS.map((c) => (
              <li key={c} className="flex items-start gap-3 text-sm">
                <span className={`mt-1 size-3 shrink-0 rounded-full ${DOT[c]}`} aria-hidden="true" />
                <span>
                  <span className="font-medium">{t(`preference.options.${c}.label`)}:</span> {t(`preference.options.${c}.text`)}{' '}
                  {t(`preference.help.colour.${c}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        {questions.map((q) => (
          <section key={q} aria-labelledby={`help-${q}`} className="bg-background grid gap-2 rounded-xl border p-4 sm:p-5" data-qa={`help-${q}`}>
            <h2 id={`help-${q}`} className="text-lg font-semibold">
              {t(`preference.help.${q}.title`)}
            </h2>
            <p className="text-sm leading-relaxed">{t(`preference.help.${q}.text`)}</p>
          </section>
        ))}
      </main>
      <footer className="pb-4">
        <LegalLinks />
      </footer>
    </div>
  );
}
