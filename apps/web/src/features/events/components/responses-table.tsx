import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PhoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventChild, EventDetails } from '@kita/shared';
import { DataTable, useIsPhone } from '@/components/data-table/data-table';
import { useOutcomeColumns } from '@/features/results/components/outcome-columns';
import { PreferenceBadge } from './event-badges';
import { RecordAnswerDialog } from './record-answer-dialog';

const RANK = { red: 0, yellow: 1, green: 2, blue: -1 } as const;

/**
 * The children responses (child, parent, group, credit, preference, slot assigned; 250px).
 * Sorting by preference ranks red, yellow, green, a missing answer counting as green.
 * Staff can record or change any child's answer while the event is open. The slot column and,
 * once finished, rank, reason and release come from the results feature.
 */
export function ResponsesTable({ event, rows }: { event: EventDetails; rows: EventChild[] }) {
  const { t } = useTranslation();
  const [recording, setRecording] = React.useState<EventChild | undefined>();
  const outcomeColumns = useOutcomeColumns(event);
  // On a phone the answer sits under the child's name and the slot column beside it.
  const phone = useIsPhone();

  const columns = React.useMemo<ColumnDef<EventChild>[]>(
    () => [
      {
        id: 'childName',
        accessorKey: 'childName',
        header: t('events.responses.child'),
        // Late joiners and children that left while the inquiry was open (its snapshot); on a phone
        // the answer stands under the name.
        cell: ({ row }) => {
          const c = row.original;
          return (
            <div className={phone ? 'flex flex-col items-start gap-1 whitespace-normal' : 'flex flex-col'}>
              <span className={c.leftAt ? 'text-muted-foreground line-through' : phone ? 'font-medium' : undefined}>{c.childName}</span>
              {c.leftAt && c.leaveReason ? (
                <span className="text-muted-foreground text-xs" data-qa="child-left-note">
                  {t(`events.responses.left.${c.leaveReason as 'child_removed'}`)}
                </span>
              ) : c.joinReason !== 'opening' && c.joinReason !== 'migrated' ? (
                <span className="text-muted-foreground text-xs" data-qa="child-joined-note">
                  {t(`events.responses.joined.${c.joinReason as 'approved'}`)}
                </span>
              ) : null}
              {phone ? <PreferenceBadge type={c.preferenceType} /> : null}
            </div>
          );
        },
      },
      { id: 'parentName', accessorKey: 'parentName', header: t('events.responses.parent') },
      { id: 'groupName', accessorKey: 'groupName', header: t('events.responses.group') },
      { id: 'credit', accessorKey: 'credit', header: t('events.responses.credit') },
      {
        id: 'preference',
        accessorFn: (c) => RANK[c.preferenceType ?? 'green'],
        header: t('events.responses.preference'),
        cell: ({ row }) => (
          <div className="flex flex-wrap items-center gap-1.5">
            <PreferenceBadge type={row.original.preferenceType} />
            {row.original.recordedBy && (
              <span className="text-muted-foreground text-xs whitespace-normal" data-qa="recorded-by-staff">
                {t('events.responses.recordedByStaffName', { name: row.original.recordedBy.name })}
              </span>
            )}
          </div>
        ),
      },
      ...outcomeColumns,
    ],
    [t, outcomeColumns, phone],
  );

  return (
    <>
      <DataTable
        qa="responses-table"
        phoneColumns={['childName', 'hasSlot']}
        label={t('events.responses.label')}
        columns={columns}
        data={rows}
        height={250}
        emptyText={t('events.responses.empty')}
        getRowId={(c) => c.childId}
        rowActions={
          event.isFinished
            ? undefined
            : { extra: [{ label: t('events.responses.record'), icon: PhoneIcon, onSelect: setRecording, qa: 'row-action-record' }] }
        }
      />
      <RecordAnswerDialog event={event} child={recording} onOpenChange={(open) => !open && setRecording(undefined)} />
    </>
  );
}
