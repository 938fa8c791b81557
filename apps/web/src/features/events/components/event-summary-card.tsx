import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDetails } from '@kita/shared';
import { Fact } from '@/components/fact';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCareDays } from '@/hooks/use-care-days';
import { formatDateTime } from '@/lib/format';
import { EventStatusBadge, EventTypeBadge } from './event-badges';

/**
 * The event card: type, category, date, expire date, available slots,
 * required home care (not once finished), description, and the lottery fingerprint.
 */
export function EventSummaryCard({ event, actions }: { event: EventDetails; actions?: React.ReactNode }) {
  const { t } = useTranslation();
  const care = useCareDays();
  return (
    <Card data-qa="event-summary">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{event.kitaName}</h2>
          <EventTypeBadge type={event.eventType} />
          <EventStatusBadge status={event.status} isFinished={event.isFinished} />
        </CardTitle>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Fact label={t('events.details.type')} qa="event-type">
            {t(`events.type.${event.eventType}`)}
          </Fact>
          <Fact label={t('events.details.category')} qa="event-category">
            {event.category}
          </Fact>
          <Fact label={t('events.details.careDays')} qa="event-care-days">
            {care.period(event)}
          </Fact>
          <Fact label={t('events.details.responseDeadline')} qa="event-deadline">
            {care.deadline(event)}
          </Fact>
          <Fact label={t('events.details.period')} qa="event-date">
            {formatDateTime(event.eventDate, event.timezone)} – {formatDateTime(event.expireDate, event.timezone)}
          </Fact>
          <Fact label={t('events.details.opensAt')} qa="event-opens">
            {formatDateTime(event.opensAt, event.timezone)}
          </Fact>
          <Fact label={t('events.details.availableSlots')} qa="event-slots">
            {event.availableSlots}
          </Fact>
          {!event.isFinished && (
            <Fact label={t('events.details.requiredHomeCare')} qa="event-home-care">
              {event.requiredHomeCare}
            </Fact>
          )}
          <Fact label={t('events.details.description')} qa="event-description">
            {event.description || <span className="text-muted-foreground font-normal">{t('events.details.noDescription')}</span>}
          </Fact>
        </dl>
        <details className="mt-4 text-sm">
          <summary className="text-muted-foreground cursor-pointer">{t('events.details.seedHash')}</summary>
          <p className="text-muted-foreground mt-2">{t('events.details.seedHashHint')}</p>
          <code className="bg-muted mt-2 block rounded p-2 text-xs break-all" data-qa="event-seed-hash">
            {event.seedHash}
          </code>
          {event.seed && (
            <>
              <p className="mt-2 font-medium">{t('events.details.seed')}</p>
              <code className="bg-muted mt-1 block rounded p-2 text-xs break-all">{event.seed}</code>
            </>
          )}
        </details>
      </CardContent>
    </Card>
  );
}
