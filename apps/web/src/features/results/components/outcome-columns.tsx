import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { EventChild, EventDetails } from '@kita/shared';
import { canReleaseRow } from '../outcome';
import { ReleaseSlotButton } from './release-slot-button';
import { SlotBadge } from './slot-badge';

/**
 * The outcome column of the event's responses table: 'slot assigned' (JA/NEIN badge), and once
 * the event is finished the rank, the reason (server text from the reason code: tier, balance,
 * lottery and waitlist position) and, for future events before their expire date, the release
 * action. One column rather than four keeps the table readable beside the sidebar.
 */
export function useOutcomeColumns(event: EventDetails): ColumnDef<EventChild>[] {
  const { t } = useTranslation();
  const finished = event.status === 'finished';
  return React.useMemo<ColumnDef<EventChild>[]>(
    () => [
      {
        id: 'hasSlot',
        // Finished: by rank (unranked green/unanswered last); before: by slot.
        accessorFn: (c) => (finished ? (c.rank ?? Number.MAX_SAFE_INTEGER) : (c.hasSlot ?? '')),
        header: finished ? t('results.outcome.slotRankReason') : t('events.responses.slot'),
        cell: ({ row }) => {
          const child = row.original;
          if (!finished) return <SlotBadge hasSlot={child.hasSlot} />;
          return (
            <div className="flex max-w-80 min-w-36 flex-col items-start gap-1.5 py-0.5 sm:min-w-48">
              <div className="flex items-center gap-2">
                <SlotBadge hasSlot={child.hasSlot} />
                {child.rank !== null && (
                  <span className="text-muted-foreground text-xs font-medium tabular-nums" data-qa="outcome-rank" data-rank={child.rank}>
                    {t('results.outcome.rankValue', { rank: child.rank })}
                  </span>
                )}
              </div>
              {child.reasonText && (
                <p className="text-muted-foreground text-xs leading-snug whitespace-normal" data-qa="outcome-reason">
                  {child.reasonText}
                </p>
              )}
              {/* Judged at render time; the server refuses a release after expiry in any case. */}
              {canReleaseRow(event, child, new Date()) && (
                <ReleaseSlotButton
                  request={{ eventId: event.eventId, childId: child.childId, preferenceId: child.preferenceId, parentId: child.parentId }}
                  childName={child.childName}
                  showPromoted
                />
              )}
            </div>
          );
        },
      },
    ],
    [t, event, finished],
  );
}
