import * as React from 'react';
import { AlertTriangleIcon, ClockIcon, ExternalLinkIcon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ParentEvent, PreferenceType } from '@kita/shared';
import { BrandMark } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { useCareDays } from '@/hooks/use-care-days';
import { ApiError } from '@/lib/api';
import { homePathFor, useAuth } from '@/lib/auth';
import { LanguageToggle } from '@/components/language-toggle';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { navigateTo } from '@/lib/navigation';
import { notifyError } from '@/lib/notify';
import { ChildChoice } from '../components/child-choice';
import { useLinkSession, useParentEvent, useSavePreference } from '../queries';
import { LegalLinks } from '@/components/legal-links';
import { registerServiceWorker } from '@/lib/service-worker';

// Loaded once the family has answered (the card is offered only then): not part of the link's first load.
const PushCard = React.lazy(async () => ({ default: (await import('@/features/push/components/push-card')).PushCard }));

const isExpired = (error: unknown) => error instanceof ApiError && (error.code === 'EVENT_FINISHED' || error.status === 401);
const isWithdrawn = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'EVENT_WITHDRAWN';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-muted/40 min-h-svh">
      <header className="bg-background flex items-center justify-between gap-2 border-b px-4 py-2">
        <BrandMark className="size-7" />
        {/* Opens in the family's stored language; every family language can be chosen here. */}
        <LanguageToggle />
      </header>
      <main className="mx-auto flex w-full max-w-md flex-col gap-4 p-4">{children}</main>
      <footer className="px-4 pb-4">
        <LegalLinks />
      </footer>
    </div>
  );
}

/**
 * The Kita's own words (the inquiry's and the Kita's description) stay as typed, usually German:
 * the label in the family's language says whose words they are.
 */
function KitaNote({ text, qa, className }: { text: string; qa: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className="border-s-primary/60 border-s-4 ps-3" data-qa={`${qa}-note`}>
      <p className="text-muted-foreground text-xs font-medium">{t('preference.kitaNote')}</p>
      <p className={className} dir="auto" data-qa={qa}>
        {text}
      </p>
    </div>
  );
}

function Panel({ title, text, home, qa }: { title: string; text: string; home: string; qa: string }) {
  const { t } = useTranslation();
  return (
    <section className="bg-card flex flex-col items-center gap-3 rounded-xl border p-6 text-center" data-qa={qa}>
      <AlertTriangleIcon className="text-muted-foreground size-8" aria-hidden="true" />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-muted-foreground" data-qa={`${qa}-message`}>
        {text}
      </p>
      <Button asChild className="h-12 w-full text-base">
        <a href={home} data-qa="preference-home">
          {t('preference.home')}
        </a>
      </Button>
    </section>
  );
}

function EventSummary({ data, closed = false }: { data: ParentEvent; closed?: boolean }) {
  const { t } = useTranslation();
  const care = useCareDays();
  const e = data.event;
  return (
    <section className="bg-card flex flex-col gap-3 rounded-xl border p-4" data-qa="preference-event">
      <div>
        <p className="text-muted-foreground text-sm">{t('preference.title')}</p>
        <h1 className="text-2xl font-semibold" data-qa="preference-kita">
          {e.kitaName}
        </h1>
      </div>
      {/* Wraps: care days in Arabic or Ukrainian are longer than the German "Mo, 30.11." */}
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <div>
          <dt className="text-muted-foreground text-xs font-medium uppercase">{t('preference.eventDate')}</dt>
          <dd className="text-lg font-semibold" data-qa="preference-date">
            {e.eventType === 'immediate' ? t('preference.today') : care.period(e)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground flex items-center gap-1 text-xs font-medium uppercase">
            <ClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
            {t('preference.deadline')}
          </dt>
          <dd className="text-lg font-semibold whitespace-nowrap" data-qa="preference-deadline">
            {care.deadline(e)}
          </dd>
        </div>
      </dl>
      {e.description && <KitaNote text={e.description} qa="preference-event-description" className="font-medium" />}
      {/* Once closed, how many must stay home no longer asks anything of the family. */}
      {!closed && (
        <p className="bg-primary text-primary-foreground rounded-lg px-3 py-2 font-semibold" data-qa="preference-sought">
          {t('preference.sought', { count: e.threshold })}
          <span className="block text-sm font-normal">{t('preference.soughtHint')}</span>
        </p>
      )}
      {e.kitaDescription && <KitaNote text={e.kitaDescription} qa="preference-description" className="text-muted-foreground text-sm" />}
    </section>
  );
}

/** One child's result of a closed inquiry, in the words the family understands. */
function resultText(t: TFunction, child: ParentEvent['children'][number], future: boolean): string {
  const r = child.result;
  if (!r) return '';
  if (r.hasSlot) return t('preference.result.slot');
  if (r.released) return t('preference.result.released');
  if (child.preferenceType === 'green') return t('preference.result.home');
  if (future && r.waitlistPosition) return t('preference.result.waitlist', { position: r.waitlistPosition });
  return t('preference.result.noSlot');
}

/** A closed inquiry opened from its link: the family's result per child instead of "closed". */
function ResultView({ data }: { data: ParentEvent }) {
  const { t } = useTranslation();
  const future = data.event.eventType === 'future';
  return (
    <>
      <EventSummary data={data} closed />
      <section aria-labelledby="preference-result" className="bg-card flex flex-col gap-2 rounded-xl border p-4" data-qa="preference-result">
        <h2 id="preference-result" className="text-lg font-semibold">
          {t('preference.resultTitle')}
        </h2>
        <p>
          {t('preference.greeting', { name: data.parent.name })} {t('preference.resultIntro')}
        </p>
        <ul className="flex flex-col gap-2">
          {data.children.map((child) => (
            <li key={child.childId} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border px-3 py-2" data-qa="preference-result-child">
              <span className="font-medium">{child.childName}</span>
              <span className={child.result?.hasSlot ? 'font-semibold text-green-800 dark:text-green-300' : ''} data-qa="preference-result-text">
                {resultText(t, child, future)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Where the error page takes over (a full page load when the router is not there). */
const showError = (message: string) => navigateTo('/error', { replace: true, state: { message } });

/**
 * /preference?token=...: the parent's traffic-light page.
 * Phone first: one column, big buttons within thumb reach, nothing but this page's code loaded:
 * it uses neither the router nor the query cache, so it is also built as its own entry
 * (preference.html) that the server sends for /preference.
 */
export default function PreferencePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The SMS's short link /p/<token> or the long form /preference?token=… (no router on this page).
  const token = React.useMemo(() => {
    const short = /^\/p\/([A-Za-z0-9_-]+)\/?$/.exec(window.location.pathname)?.[1];
    return (short ?? new URLSearchParams(window.location.search).get('token'))?.trim() || null;
  }, []);
  const session = useLinkSession(token);
  const event = useParentEvent(session.data);
  const save = useSavePreference(session.data, event);
  const languageSet = React.useRef(false);

  // The installable parent app's worker (offline shell, notifications).
  React.useEffect(() => void registerServiceWorker(), []);
  React.useEffect(() => {
    if (!token) showError(t('preference.tokenMissing'));
  }, [token, t]);
  React.useEffect(() => {
    const code = session.error instanceof ApiError ? session.error.code : undefined;
    if (code === 'TOKEN_INVALID' || code === 'TOKEN_MISSING') {
      showError(t('preference.tokenInvalid'));
    }
  }, [session.error, t]);
  React.useEffect(() => {
    // The page speaks the family's language (the inquiry was sent in it), once per visit.
    const language = event.data?.parent.language;
    if (language && !languageSet.current) {
      languageSet.current = true;
      if (language !== currentLanguage()) void changeLanguage(language);
    }
  }, [event.data]);

  const parentId = session.data?.parentId ?? user?.parentId;
  const home = user ? homePathFor(user) : parentId ? `/parents/${parentId}` : '/';

  if (!token) return null;
  if (isWithdrawn(session.error)) {
    return (
      <Shell>
        <Panel qa="preference-withdrawn" title={t('preference.withdrawnTitle')} text={session.error.message} home={home} />
      </Shell>
    );
  }
  // Closed and allocated: the link shows the family's result.
  if (event.data?.event.isFinished && event.data.children.some((c) => c.result)) {
    return (
      <Shell>
        <ResultView data={event.data} />
      </Shell>
    );
  }
  const expired = isExpired(session.error) || isExpired(event.error) || event.data?.event.isFinished;
  if (expired) {
    return (
      <Shell>
        <Panel qa="preference-expired" title={t('preference.expiredTitle')} text={t('preference.expired')} home={home} />
      </Shell>
    );
  }
  if (session.isError || event.isError) {
    const invalid = session.error instanceof ApiError && ['TOKEN_INVALID', 'TOKEN_MISSING'].includes(session.error.code ?? '');
    if (invalid) return null;
    return (
      <Shell>
        <Panel qa="preference-error" title={t('common.state.errorTitle')} text={t('preference.fetchFailed')} home={home} />
      </Shell>
    );
  }
  if (!event.data) {
    return (
      <Shell>
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 p-8" data-qa="preference-loading">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          {t('preference.loading')}
        </p>
      </Shell>
    );
  }

  const data = event.data;
  const answered = data.children.some((child) => !!child.preferenceType);
  const options: PreferenceType[] = data.event.eventType === 'immediate' ? ['red', 'yellow', 'green', 'blue'] : ['red', 'yellow', 'green'];
  const choose = async (child: ParentEvent['children'][number], preferenceType: PreferenceType) => {
    try {
      await save.mutateAsync({ childId: child.childId, childName: child.childName, preferenceType });
      return true;
    } catch (error) {
      if (isExpired(error)) event.refetch();
      notifyError(t('preference.saveErrorTitle'), error instanceof ApiError ? error : new Error(t('preference.saveFailed')));
      return false;
    }
  };

  return (
    <Shell>
      <EventSummary data={data} />
      <p>
        {t('preference.greeting', { name: data.parent.name })} {t('preference.intro')}
      </p>
      <section aria-labelledby="preference-children" className="flex flex-col gap-2">
        <h2 id="preference-children" className="text-lg font-semibold">
          {t('preference.childrenTitle')}
        </h2>
        {data.children.length === 0 ? (
          <p className="text-muted-foreground" data-qa="preference-no-children">
            {t('preference.noChildren')}
          </p>
        ) : (
          <ul className="flex max-h-[400px] flex-col gap-3 overflow-y-auto overscroll-contain p-1" aria-label={t('preference.childrenLabel')} tabIndex={0} data-qa="preference-list">
            {data.children.map((child) => (
              <ChildChoice key={child.childId} child={child} options={options} saving={save.isPending} onChoose={(type) => choose(child, type)} />
            ))}
          </ul>
        )}
      </section>
      {/* Offered once the family has answered (never before it did something). */}
      {answered && (
        <React.Suspense fallback={null}>
          <PushCard token={session.data?.token} />
        </React.Suspense>
      )}
      <aside className="bg-card rounded-xl border p-4 text-sm" data-qa="preference-hint">
        <p>{t(`preference.hints.${data.event.eventType}`)}</p>
        <a href={data.event.faqUrl} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex min-h-11 items-center gap-1 font-medium underline underline-offset-4" data-qa="preference-faq">
          {t('preference.faq')}
          <ExternalLinkIcon className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </a>
      </aside>
    </Shell>
  );
}
