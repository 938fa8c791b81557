import * as React from 'react';
import { PhoneIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryFamily, EventChild, EventDelivery, EventDetails } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResend } from '../queries';
import { DeliveryStateBadge } from './delivery-badges';
import { RecordAnswerDialog } from './record-answer-dialog';

const needsAttention = (f: DeliveryFamily) => f.state === 'failed' || f.state === 'no_channel';

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
        <div className="max-h-[28rem] overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={t('delivery.families.label')} data-qa="delivery-families">
          <Table>
            <TableHeader className="bg-card sticky top-0 z-10">
              <TableRow>
                <TableHead scope="col">{t('delivery.families.family')}</TableHead>
                <TableHead scope="col">{t('delivery.families.state')}</TableHead>
                <TableHead scope="col">{t('delivery.families.messages')}</TableHead>
                <TableHead scope="col">{t('delivery.families.answer')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('delivery.families.actions')}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((f) => (
                <TableRow key={f.parentId} data-qa="delivery-family" data-parent-id={f.parentId} data-state={f.state}>
                  <TableCell className="min-w-40 align-top whitespace-normal">
                    <span className="font-medium">{f.parentName}</span>
                    <span className="text-muted-foreground block text-xs">{f.childNames.join(', ')}</span>
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    <div className="flex flex-col items-start gap-1">
                      <DeliveryStateBadge state={f.state} />
                      {f.failureReason && (
                        <span className="text-sm" data-qa="delivery-reason">
                          {t(`delivery.reasons.${f.failureReason}`)}
                        </span>
                      )}
                      {f.needsCall && !f.answered && (
                        <span className="text-xs font-semibold text-red-800 dark:text-red-300" data-qa="delivery-needs-call">
                          {t('delivery.families.needsCall')}
                        </span>
                      )}
                    </div>
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    <ul className="flex flex-col gap-0.5 text-xs">
                      {f.messages.map((m) => (
                        <li key={m.messageId} className="text-muted-foreground">
                          <span className="text-foreground font-medium">{t(`delivery.channels.${m.channel}`)}</span> {m.recipient} ·{' '}
                          {t(`delivery.states.${m.state}`)}
                          {m.failureReason && ` (${t(`delivery.reasons.${m.failureReason}`)})`}
                          {m.isFallback && ` · ${t('delivery.families.fallback')}`}
                          {m.kind === 'reminder' && ` · ${t('delivery.families.reminder')}`}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="align-top">{f.answered ? t('delivery.families.answered') : t('delivery.families.open')}</TableCell>
                  <TableCell className="min-w-52 align-top">
                    <div className="flex flex-wrap justify-end gap-1.5">
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
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <RecordAnswerDialog event={event} child={recording} onOpenChange={(open) => !open && setRecording(undefined)} />
    </div>
  );
}
