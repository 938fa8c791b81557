import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { EventChild, EventDetails } from '@kita/shared';
import { canReleaseRow } from '../outcome';
import { ReleaseSlotButton } from './release-slot-button';
import { SlotBadge } from './slot-badge';

/**
 * The result columns of the event's responses table: slot assigned (always), and once the event
 * is finished the rank, the reason (server text from the reason code: tier, balance, lottery and
 * waitlist position) and, for future events before their expire date, the release action.
 */
export function useOutcomeColumns(event: EventDetails): ColumnDef<EventChild>[] {
  const { t } = useTranslation();
  const finished = event.status === 'finished';
  const releasable = finished && event.eventType === 'future';
  return React.useMemo(() => {
    const columns: ColumnDef<EventChild>[] = [
      {
        id: 'hasSlot',
        accessorFn: (c) => c.hasSlot ?? '',
        header: t('events.responses.slot'),
        cell: ({ row }) => <SlotBadge hasSlot={row.original.hasSlot} />,
      },
    ];
    if (!finished) return columns;
    columns.push(
      {
        // Rank and reason share a column (the reason names the rank too) so the table stays narrow.
        id: 'rank',
        // Children without a rank (green, unanswered) sort after every ranked child.
        accessorFn: (c) => c.rank ?? Number.MAX_SAFE_INTEGER,
        header: t('results.outcome.rankReason'),
        cell: ({ row }) => (
          <div className="flex min-w-56 items-start gap-2 md:min-w-64">
            <span className="bg-muted shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums" data-qa="outcome-rank">
              {row.original.rank ?? '-'}
            </span>
            <p className="text-xs leading-snug whitespace-normal" data-qa="outcome-reason">
              {row.original.reasonText ?? '-'}
            </p>
          </div>
        ),
      },
    );
    if (releasable) {
      columns.push({
        id: 'release',
        header: () => <span className="sr-only">{t('results.outcome.actions')}</span>,
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) =>
          // Judged at render time; the server refuses a release after expiry in any case.
          canReleaseRow(event, row.original, new Date()) ? (
            <ReleaseSlotButton
              request={{ eventId: event.eventId, childId: row.original.childId, preferenceId: row.original.preferenceId, parentId: row.original.parentId }}
              childName={row.original.childName}
              showPromoted
            />
          ) : null,
      });
    }
    return columns;
  }, [t, event, finished, releasable]);
}
