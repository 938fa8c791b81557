import * as React from 'react';
import { PhoneIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageName } from '@/components/language-name';
import type { DeliveryFamily, EventChild, EventDelivery, EventDetails } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useResend } from '../queries';
import { DeliveryStateBadge } from './delivery-badges';
import { RecordAnswerDialog } from './record-answer-dialog';

const needsAttention = (f: DeliveryFamily) => f.state === 'failed' || f.state === 'no_channel';

/** The columns of a family row once the card is wide enough (48 rem); one block per family below. */
const GRID = '@3xl:grid-cols-[minmax(8rem,1.1fr)_minmax(8rem,1fr)_minmax(12rem,1.7fr)_6rem_12rem] @3xl:items-start';

/**
 * Each family with its delivery state, the reason of a failure in words, its messages (fallbacks
 * and reminders marked), whether it answered, and the actions: resend, and "reached by phone",
 * which opens the record-answer dialog for the family's first child without an answer.
 * Families with problems come first; the full list is one click away.
 */
export function DeliveryFamilies({ event, delivery, childRows }: { event: EventDetails; delivery: EventDelivery; childRows: EventChild[] }) {
  const { t } = useTranslation();
  const resend = useResend(event.eventId);
  const [showAll, setShowAll] = React.useState(false);
  const [recording, setRecording] = React.useState<EventChild | undefined>();
  const problems = delivery.rows.filter(needsAttention);
  const rows = showAll ? [...problems, ...delivery.rows.filter((f) => !needsAttention(f))] : problems;

  const resendOne = async (f: DeliveryFamily) => {
    try {
      const { queued } = await resend.mutateAsync(f.parentId);
      notifySuccess(t('delivery.toast.resent', { count: queued }));
    } catch (error) {
      notifyError(t('delivery.toast.resendFailed'), error);
    }
  };
  const phoned = (f: DeliveryFamily) => {
    const own = childRows.filter((c) => c.parentId === f.parentId);
    setRecording(own.find((c) => !c.preferenceType) ?? own[0]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{t('delivery.families.label')}</h3>
        <Button variant="link" size="sm" className="px-0" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-qa="delivery-toggle-all">
          {showAll ? t('delivery.families.showProblems') : t('delivery.families.showAll', { count: delivery.rows.length })}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm" data-qa="delivery-no-problems">
          {t('delivery.families.noProblems')}
        </p>
      ) : (
        // A list that is a table on a wide card and one block per family in a narrow one (a phone's
        // 306 px card): container queries, so nothing runs off to the right.
        <div className="@container max-h-[28rem] overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={t('delivery.families.label')} data-qa="delivery-families">
          <div className={cn(GRID, 'bg-card text-muted-foreground sticky top-0 z-10 hidden border-b px-3 py-2 text-sm font-medium @3xl:grid')} aria-hidden="true">
            <span>{t('delivery.families.family')}</span>
            <span>{t('delivery.families.state')}</span>
            <span>{t('delivery.families.messages')}</span>
            <span>{t('delivery.families.answer')}</span>
            <span className="text-end">{t('delivery.families.actions')}</span>
          </div>
          <ul className="divide-y">
            {rows.map((f) => (
              <li key={f.parentId} className={cn(GRID, 'grid gap-2 px-3 py-3 text-sm')} data-qa="delivery-family" data-parent-id={f.parentId} data-state={f.state}>
                <div className="min-w-0">
                  <span className="font-medium break-words">{f.parentName}</span>
                  <span className="text-muted-foreground block text-xs break-words">{f.childNames.join(', ')}</span>
                  {/* Who phones the family needs to know its language; German families need no note. */}
                  {f.language !== 'de' && (
                    <span className="text-muted-foreground block text-xs" data-qa="delivery-family-language">
                      <LanguageName language={f.language} />
                    </span>
                  )}
                </div>
                <div className="flex flex-col items-start gap-1">
                  <DeliveryStateBadge state={f.state} />
                  {f.push && (
                    <span className="text-xs" data-qa="delivery-family-push" data-push={f.push}>
                      {t(`delivery.push.states.${f.push}`)}
                    </span>
                  )}
                  {f.failureReason && (
                    <span data-qa="delivery-reason">{t(`delivery.reasons.${f.failureReason}`)}</span>
                  )}
                  {f.needsCall && (!f.answered || f.kinds.some((k) => k.needsCall && k.kind !== 'inquiry' && k.kind !== 'reminder')) && (
                    <span className="text-xs font-semibold text-red-800 dark:text-red-300" data-qa="delivery-needs-call">
                      {t('delivery.families.needsCall')}
                    </span>
                  )}
                </div>
                <div className="min-w-0">
                  {/* Per message kind (inquiry, reminder, results, place offered, place given back), its best state. */}
                  {/* Once more than the answer window's messages exist (a result, a place), one line per kind. */}
                  {f.kinds.some((k) => k.kind !== 'inquiry' && k.kind !== 'reminder') && (
                    <div className="flex flex-col gap-0.5 text-xs" data-qa="delivery-kinds">
                      {f.kinds.map((k) => (
                        <p key={k.kind} data-qa={`delivery-kind-${k.kind}`} data-state={k.state} className={cn(k.state === 'failed' && 'font-semibold text-red-800 dark:text-red-300')}>
                          {t(`delivery.kinds.${k.kind}`)}: {t(`delivery.states.${k.state}`)}
                          {k.failureReason && ` (${t(`delivery.reasons.${k.failureReason}`)})`}
                        </p>
                      ))}
                    </div>
                  )}
                  <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label={t('delivery.families.messages')}>
                    {f.messages.map((m) => (
                      <li key={m.messageId} className="text-muted-foreground break-words">
                        <span className="text-foreground font-medium">{t(`delivery.channels.${m.channel}`)}</span> {m.recipient && `${m.recipient} `}·{' '}
                        {t(`delivery.kinds.${m.kind}`)} · {t(`delivery.states.${m.state}`)}
                        {m.failureReason && ` (${t(`delivery.reasons.${m.failureReason}`)})`}
                        {m.isFallback && ` · ${t('delivery.families.fallback')}`}
                        {m.opened && ` · ${t('delivery.push.opened')}`}
                        {m.isEscalation && ` · ${t('delivery.push.escalation')}`}
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <span className="text-muted-foreground @3xl:sr-only">{t('delivery.families.answer')}: </span>
                  {f.answered ? t('delivery.families.answered') : t('delivery.families.open')}
                </div>
                <div className="flex flex-wrap gap-1.5 @3xl:justify-end">
                  {delivery.canResend && f.state !== 'no_channel' && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void resendOne(f)}
                      disabled={resend.isPending}
                      aria-label={t('delivery.actions.resendFamily', { name: f.parentName })}
                      data-qa="delivery-resend"
                    >
                      <SendIcon aria-hidden="true" />
                      {t('delivery.actions.resend')}
                    </Button>
                  )}
                  {!event.isFinished && !f.answered && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => phoned(f)}
                      aria-label={t('delivery.actions.phonedFamily', { name: f.parentName })}
                      data-qa="delivery-phoned"
                    >
                      <PhoneIcon aria-hidden="true" />
                      {t('delivery.actions.phoned')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RecordAnswerDialog event={event} child={recording} onOpenChange={(open) => !open && setRecording(undefined)} />
    </div>
  );
}
