import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { ruleTextKey, type EventDetails } from '@kita/shared';
import { ErrorState, LoadingState } from '@/components/states';
import { Fact } from '@/components/fact';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useEventReport } from '../queries';

/**
 * The result of a finished event, so it can be explained from the screen: places given,
 * overflow, waitlist, the revealed seed with its hash and the rule version and wording (the PDF
 * download sits in the event card's actions). The figures come from the report route, the same
 * data as the PDF.
 */
export function EventResultCard({ event, kitaId }: { event: EventDetails; kitaId: string | undefined }) {
  const { t } = useTranslation();
  const report = useEventReport(event.eventId, kitaId, event.status === 'finished');
  const summary = report.data?.summary;
  return (
    <Card data-qa="event-result">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('results.outcome.title')}</h2>
        </CardTitle>
        <CardDescription>{t('results.outcome.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {report.isLoading && <LoadingState />}
        {report.error && <ErrorState title={t('results.outcome.loadFailed')} error={report.error} onRetry={() => void report.refetch()} />}
        {summary && (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
            <Fact label={t('results.report.slots')} qa="result-slots">
              {summary.totalSlots}
            </Fact>
            <Fact label={t('results.report.slotsGiven')} qa="result-slots-given">
              {summary.slotsGiven}
            </Fact>
            <Fact label={t('results.report.overflow')} qa="result-overflow">
              {summary.overflow}
            </Fact>
            <Fact label={t('results.report.waitlist')} qa="result-waitlist">
              {summary.waitlistCount}
            </Fact>
            <Fact label={t('results.report.ruleVersion')} qa="result-rule-version">
              {summary.ruleVersion}
            </Fact>
          </dl>
        )}
        <p className="text-muted-foreground text-sm" data-qa="result-rule">
          {t(ruleTextKey(summary?.ruleVersion))}
        </p>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-medium">{t('results.report.seed')}</dt>
            <dd>
              <code className="bg-muted mt-1 block rounded p-2 text-xs break-all" data-qa="result-seed">
                {event.seed ?? t('results.report.seedHidden')}
              </code>
            </dd>
          </div>
          <div>
            <dt className="font-medium">{t('results.report.seedHash')}</dt>
            <dd>
              <code className="bg-muted mt-1 block rounded p-2 text-xs break-all" data-qa="result-seed-hash">
                {event.seedHash}
              </code>
            </dd>
          </div>
        </dl>
        <p className="text-muted-foreground text-xs">{t('results.outcome.seedHint')}</p>
        {summary?.finishedAt && (
          <p className="text-muted-foreground text-xs" data-qa="result-finished-at">
            {t('events.status.finished')}: {formatDateTime(summary.finishedAt, event.timezone)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
