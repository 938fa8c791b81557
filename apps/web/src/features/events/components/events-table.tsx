import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EventSummary } from '@kita/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { useCareDays } from '@/hooks/use-care-days';
import { useDeleteEvent, useEventDelivery, useKitaEvents } from '../queries';
import { EventStatusBadge, EventTypeBadge } from './event-badges';
import { EventFormDialog } from './event-form-dialog';

/**
 * The events list: type badge, eventDate, expireDate, category, total slots;
 * newest event date first; no search; add; row click opens the event with the row as navigation
 * state. Used on /kitas/{kitaId}/e and on the Kita dashboard.
 */
export function EventsTable({ kitaId, height = 500 }: { kitaId: string; height?: number }) {
  const { t } = useTranslation();
  const care = useCareDays();
  const navigate = useNavigate();
  const events = useKitaEvents(kitaId);
  const remove = useDeleteEvent();
  const [formOpen, setFormOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<EventSummary | undefined>();
  const [deleting, setDeleting] = React.useState<EventSummary | undefined>();

  const columns = React.useMemo<ColumnDef<EventSummary>[]>(
    () => [
      { id: 'eventType', accessorKey: 'eventType', header: t('events.columns.type'), cell: ({ row }) => <EventTypeBadge type={row.original.eventType} /> },
      {
        id: 'eventDate',
        accessorKey: 'eventDate',
        header: t('events.columns.eventDate'),
        cell: ({ row }) => care.period(row.original),
      },
      {
        id: 'responseDeadline',
        accessorKey: 'responseDeadline',
        header: t('events.columns.responseDeadline'),
        cell: ({ row }) => care.deadline(row.original),
      },
      { id: 'category', accessorKey: 'category', header: t('events.columns.category') },
      { id: 'totalSlots', accessorKey: 'totalSlots', header: t('events.columns.totalSlots') },
      {
        id: 'status',
        accessorFn: (e) => (e.isFinished ? 'finished' : e.status),
        header: t('events.columns.status'),
        cell: ({ row }) => <EventStatusBadge status={row.original.status} isFinished={row.original.isFinished} />,
      },
    ],
    [t, care],
  );

  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  return (
    <>
      <DataTable
        qa="events-table"
        phoneColumns={['eventDate', 'status']}
        label={t('events.list.label')}
        columns={columns}
        data={events.data}
        isLoading={events.isLoading}
        height={height}
        defaultSort={{ id: 'eventDate', desc: true }}
        emptyText={t('events.list.empty')}
        getRowId={(e) => e.eventId}
        onRowClick={(e) => navigate(`/kitas/${kitaId}/e/${e.eventId}`, { state: { event: e } })}
        rowActions={{
          onEdit: (e) => {
            setEditing(e);
            setFormOpen(true);
          },
          onDelete: setDeleting,
          hidden: (e) => e.isFinished,
        }}
        toolbar={
          <Button
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
            data-qa="event-add"
          >
            <PlusIcon aria-hidden="true" />
            {t('events.list.add')}
          </Button>
        }
      />
      <EventFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        kitaId={kitaId}
        event={editing}
        onSaved={(saved) => {
          if (!editing) navigate(`/kitas/${kitaId}/e/${saved.eventId}`, { state: { event: saved } });
        }}
      />
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        description={deleting && <DeleteEventText event={deleting} kitaId={kitaId} />}
        onConfirm={async () => {
          await runConfirmed(() => remove.mutateAsync(deleting!.eventId), t('events.list.deleted'), t('events.list.deleteFailed'));
        }}
      />
    </>
  );
}

/**
 * The delete confirmation's text: what is deleted, and how many families already have the link
 * (they are told that the Kita withdrew the inquiry). A scheduled inquiry has asked nobody.
 */
function DeleteEventText({ event, kitaId }: { event: EventSummary; kitaId: string }) {
  const { t } = useTranslation();
  const sent = event.status !== 'scheduled';
  const delivery = useEventDelivery(sent ? event.eventId : '', kitaId, false);
  const reached = (delivery.data?.rows ?? []).filter((f) =>
    f.messages.some((m) => (m.kind === 'inquiry' || m.kind === 'reminder') && (m.state === 'sent' || m.state === 'delivered')),
  ).length;
  return (
    <>
      {t('events.list.deleteText')}
      {sent && (
        <span className="mt-2 block font-medium" data-qa="event-delete-families" data-count={delivery.data ? reached : undefined}>
          {delivery.data ? (reached > 0 ? t('events.list.deleteWithdrawn', { count: reached }) : null) : t('events.list.deleteCounting')}
        </span>
      )}
    </>
  );
}
