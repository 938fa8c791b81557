import * as React from 'react';
import { PencilIcon, RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { EventSummary } from '@kita/shared';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState, NotFound } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CloseEventButton } from '@/features/results/components/close-event-button';
import { EventResultCard } from '@/features/results/components/event-result-card';
import { ReportCsvButton, ReportDownloadButton } from '@/features/results/components/report-download-button';
import { ApiError } from '@/lib/api';
import { useCareDays } from '@/hooks/use-care-days';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AnswerCounts } from '../components/answer-counts';
import { DeliveryCard } from '../components/delivery-card';
import { EventFormDialog } from '../components/event-form-dialog';
import { EventSummaryCard } from '../components/event-summary-card';
import { ResponsesTable } from '../components/responses-table';
import { useEventDetails } from '../queries';

function stateEvent(state: unknown): EventSummary | undefined {
  return state && typeof state === 'object' && 'event' in state ? (state as { event: EventSummary }).event : undefined;
}

/**
 * /kitas/{kitaId}/e/{eventId}: the event card, the counts against the threshold and the children
 * responses. While the event is open the query polls (see queries.ts), so answers appear without
 * a reload; the refresh button stays for an immediate look.
 */
export default function EventDetailsPage() {
  const { t } = useTranslation();
  const care = useCareDays();
  const { kitaId = '', eventId = '' } = useParams();
  const location = useLocation();
  const fromList = stateEvent(location.state);
  const details = useEventDetails(eventId, kitaId);
  const [editing, setEditing] = React.useState(false);
  const event = details.data?.eventDetails;
  const live = !!event && !event.isFinished;

  const title = t('events.details.title');
  const header = (
    <PageHeader
      back={`/kitas/${kitaId}/e`}
      title={title}
      description={event ?? fromList ? `${t(`events.type.${(event ?? fromList)!.eventType}`)} · ${t('events.details.careDays')} ${care.period((event ?? fromList)!)}` : undefined}
    />
  );

  if (details.isLoading) return <div className="flex flex-col gap-6">{header}<LoadingState /></div>;
  if (details.error instanceof ApiError && details.error.status === 404) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <NotFound message={t('events.details.notFound', { id: eventId })} homeTo={`/kitas/${kitaId}/e`} />
      </div>
    );
  }
  if (!details.data || !event) return <div className="flex flex-col gap-6">{header}<ErrorState error={details.error} onRetry={() => void details.refetch()} /></div>;

  const actions = (
    <>
      {live && (
        <span className="text-muted-foreground flex items-center gap-1.5 text-xs" data-qa="event-live">
          <span className="size-2 animate-pulse rounded-full bg-green-600" aria-hidden="true" />
          {t('events.details.live')}
        </span>
      )}
      {!event.isFinished && (
        <Button variant="outline" size="sm" onClick={() => void details.refetch()} disabled={details.isFetching} data-qa="event-refresh">
          <RefreshCwIcon className={cn(details.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('events.details.refresh')}
        </Button>
      )}
      {!event.isFinished && (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-qa="event-edit">
          <PencilIcon aria-hidden="true" />
          {t('events.details.edit')}
        </Button>
      )}
      {event.status === 'open' && <CloseEventButton eventId={event.eventId} />}
      {event.status === 'finished' && <ReportDownloadButton eventId={event.eventId} kitaId={kitaId} />}
      {/* The answer table is useful while answers come in too (whom to call), not only after close. */}
      {event.status !== 'scheduled' && <ReportCsvButton eventId={event.eventId} kitaId={kitaId} />}
    </>
  );

  return (
    <div className="flex flex-col gap-6">
      {header}
      <EventSummaryCard event={event} actions={actions} />
      {event.status === 'scheduled' && (
        <p className="text-muted-foreground text-sm" data-qa="event-scheduled-note">
          {t('events.details.scheduledNote', { date: formatDateTime(event.opensAt, event.timezone) })}
        </p>
      )}
      <AnswerCounts event={event} />
      {event.status !== 'scheduled' && <DeliveryCard event={event} kitaId={kitaId} childRows={details.data.children} />}
      {event.status === 'finished' && <EventResultCard event={event} kitaId={kitaId} />}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg font-semibold">{t('events.responses.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ResponsesTable event={event} rows={details.data.children} />
        </CardContent>
      </Card>
      <EventFormDialog open={editing} onOpenChange={setEditing} kitaId={kitaId} event={event} />
    </div>
  );
}
