import { useTranslation } from 'react-i18next';
import type { EventDetails } from '@kita/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { COLOUR_CLASSES } from './event-badges';

/** Counts per colour against the threshold ("{threshold} children sought" must answer green). */
export function AnswerCounts({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const colours = (['red', 'yellow', 'green', ...(event.eventType === 'immediate' ? (['blue'] as const) : []), 'unanswered'] as const);
  const answered = event.eligibleCount - event.counts.unanswered;
  const reached = event.threshold === 0 || event.counts.green >= event.threshold;
  const share = event.threshold === 0 ? 100 : Math.min(100, Math.round((event.counts.green / event.threshold) * 100));
  return (
    <Card data-qa="event-counts">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('events.details.countsTitle')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex flex-wrap gap-2" aria-label={t('events.details.countsTitle')}>
          {colours.map((c) => (
            <li key={c} className={cn('flex min-w-24 flex-col rounded-md border px-3 py-2', COLOUR_CLASSES[c])} data-qa={`count-${c}`}>
              <span className="text-xs font-medium">{c === 'unanswered' ? t('events.colours.unanswered') : t(`events.colours.${c}`)}</span>
              <span className="text-2xl font-semibold tabular-nums" data-qa={`count-${c}-value`}>
                {event.counts[c]}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium" data-qa="threshold-line">
            {reached && event.threshold > 0
              ? t('events.details.thresholdReached')
              : t('events.details.thresholdLine', { green: event.counts.green, threshold: event.threshold })}
          </p>
          <div
            className="bg-muted h-2 overflow-hidden rounded-full"
            role="progressbar"
            aria-label={t('events.details.thresholdLine', { green: event.counts.green, threshold: event.threshold })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
          >
            <div className="h-full bg-green-700 transition-[width]" style={{ width: `${share}%` }} />
          </div>
          <p className="text-muted-foreground text-sm" data-qa="answered-line">
            {t('events.details.eligible', { answered, eligible: event.eligibleCount })}
          </p>
        </div>
        {event.parentsWithoutChannel.length > 0 && (
          <Alert data-qa="parents-without-channel">
            <AlertTitle>{t('events.details.withoutChannelTitle')}</AlertTitle>
            <AlertDescription>
              <p>{t('events.details.withoutChannelText')}</p>
              <ul className="mt-1 list-disc ps-5">
                {event.parentsWithoutChannel.map((p) => (
                  <li key={p.parentId}>{p.name}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
