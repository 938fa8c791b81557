import { BellIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventChild, EventDelivery, EventDetails, FamilyDeliveryState } from '@kita/shared';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatWith } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useEventDelivery, useResend } from '../queries';
import { STATE_CLASSES } from './delivery-badges';
import { DeliveryFamilies } from './delivery-families';

const FAMILY_STATES: FamilyDeliveryState[] = ['delivered', 'sent', 'pending', 'failed', 'no_channel'];
const COUNT_KEY = { delivered: 'delivered', sent: 'sent', pending: 'pending', failed: 'failed', no_channel: 'noChannel' } as const;

/**
 * The event page's answer to "did everyone get it?": families per delivery state, messages per
 * channel, the fan-out's progress with its expected end (from the SMS rate), the reminder, and
 * each family with the reason of a failure and the actions resend / reached by phone.
 */
export function DeliveryCard({ event, kitaId, childRows }: { event: EventDetails; kitaId: string; childRows: EventChild[] }) {
  const { t } = useTranslation();
  const live = !event.isFinished;
  const query = useEventDelivery(event.eventId, kitaId, live);
  const resend = useResend(event.eventId);
  const d = query.data;

  const resendFailed = async () => {
    try {
      const { queued } = await resend.mutateAsync(undefined);
      notifySuccess(t('delivery.toast.resent', { count: queued }));
    } catch (error) {
      notifyError(t('delivery.toast.resendFailed'), error);
    }
  };

  return (
    <Card data-qa="delivery-card">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('delivery.title')}</h2>
        </CardTitle>
        <CardDescription>{t('delivery.description')}</CardDescription>
        {d && d.canResend && d.families.failed > 0 && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => void resendFailed()} disabled={resend.isPending} data-qa="delivery-resend-failed">
              <SendIcon aria-hidden="true" />
              {t('delivery.actions.resendFailed', { count: d.families.failed })}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isPending && <LoadingState />}
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {d && (
          <>
            <FanOutProgress delivery={d} timezone={event.timezone} />
            <ul className="flex flex-wrap gap-2" aria-label={t('delivery.families.label')}>
              {FAMILY_STATES.map((s) => (
                <li key={s} className={cn('flex min-w-28 flex-col rounded-md border px-3 py-2', STATE_CLASSES[s])} data-qa={`delivery-count-${s}`}>
                  <span className="text-xs font-medium">{t(`delivery.states.${s}`)}</span>
                  <span className="text-2xl font-semibold tabular-nums" data-qa={`delivery-count-${s}-value`}>
                    {d.families[COUNT_KEY[s]]}
                  </span>
                </li>
              ))}
            </ul>
            <ChannelTable delivery={d} />
            <ReminderLine delivery={d} timezone={event.timezone} />
            <PushLine delivery={d} />
            <DeliveryFamilies event={event} delivery={d} childRows={childRows} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FanOutProgress({ delivery: d, timezone }: { delivery: EventDelivery; timezone: string }) {
  const { t } = useTranslation();
  const { total, done, smsQueued, smsRatePerSecond, expectedEndAt } = d.progress;
  if (total === 0) return null;
  const share = Math.round((done / total) * 100);
  const running = done < total;
  // Done, but not all arrived ("Alle 35 Nachrichten sind verschickt" above "Fehlgeschlagen 2").
  const failed = d.channels.email.failed + d.channels.sms.failed;
  return (
    <div className="flex flex-col gap-1.5" data-qa="delivery-progress">
      <p className="text-sm font-medium" data-qa="delivery-progress-line">
        {running
          ? t('delivery.progress.running', { done, total })
          : failed > 0
            ? t('delivery.progress.doneWithFailures', { total, count: failed })
            : t('delivery.progress.done', { count: total })}
      </p>
      <div className="bg-muted h-2 overflow-hidden rounded-full" role="progressbar" aria-label={t('delivery.progress.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={share}>
        <div className="bg-primary h-full transition-[width]" style={{ width: `${share}%` }} />
      </div>
      {running && expectedEndAt && (
        <p className="text-muted-foreground text-sm" data-qa="delivery-expected-end">
          {t('delivery.progress.expectedEnd', { time: formatWith(expectedEndAt, 'HH:mm:ss', timezone), count: smsQueued, rate: smsRatePerSecond })}
        </p>
      )}
    </div>
  );
}

function ChannelTable({ delivery: d }: { delivery: EventDelivery }) {
  const { t } = useTranslation();
  const states = ['delivered', 'sent', 'pending', 'failed'] as const;
  const channels = ['sms', 'email'] as const;
  // States as rows and the two channels as columns: three columns fit a phone's card.
  return (
    <Table data-qa="delivery-channels" aria-label={t('delivery.channelTable')}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('delivery.families.state')}</TableHead>
          {channels.map((c) => (
            <TableHead key={c} scope="col" className="text-right" data-qa={`delivery-channel-${c}`}>
              {t(`delivery.channels.${c}`)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {states.map((s) => (
          <TableRow key={s}>
            <TableHead scope="row" className="font-medium">
              {t(`delivery.states.${s}`)}
            </TableHead>
            {channels.map((c) => (
              <TableCell key={c} className="text-right tabular-nums" data-qa={`delivery-channel-${c}-${s}`}>
                {d.channels[c][s]}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Push first: how many families got a push, opened it, were followed up by SMS/e-mail; SMS saved. */
function PushLine({ delivery: d }: { delivery: EventDelivery }) {
  const { t } = useTranslation();
  const p = d.push;
  if (p.families === 0) return null;
  return (
    <p className="text-muted-foreground flex flex-wrap items-center gap-2 text-sm" data-qa="delivery-push">
      <BellIcon className="size-4 shrink-0" aria-hidden="true" />
      <span>{t('delivery.push.summary', { count: p.families, opened: p.opened, escalated: p.escalated, failed: p.failed })}</span>
      {p.smsSaved > 0 && (
        <span className="text-foreground font-medium" data-qa="delivery-sms-saved">
          {t('delivery.push.smsSaved', { count: p.smsSaved })}
        </span>
      )}
    </p>
  );
}

function ReminderLine({ delivery: d, timezone }: { delivery: EventDelivery; timezone: string }) {
  const { t } = useTranslation();
  const r = d.reminder;
  const time = (iso: string) => formatWith(iso, 'dd.MM.yyyy, HH:mm', timezone);
  let text: string | null = null;
  if (r.sentAt) text = r.families > 0 ? t('delivery.reminder.sent', { time: time(r.sentAt), count: r.families }) : t('delivery.reminder.sentNone', { time: time(r.sentAt) });
  else if (!r.enabled) text = t('delivery.reminder.off');
  else if (r.dueAt) text = t('delivery.reminder.due', { time: time(r.dueAt) });
  if (!text) return null;
  return (
    <p className="text-muted-foreground flex items-center gap-2 text-sm" data-qa="delivery-reminder">
      <BellIcon className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
