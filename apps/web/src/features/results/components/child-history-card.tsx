import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ChildHistory, HistoryPreference } from '@kita/shared';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatHistoryDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { historyKind, type HistoryKind } from '../outcome';
import { ReleaseSlotButton } from './release-slot-button';
import { SlotBadge } from './slot-badge';

/** Traffic-light badge colours of the history (text keeps 4.5:1 on its background). */
const KIND_CLASSES: Record<HistoryKind, string> = {
  needed: 'bg-red-600 text-white border-transparent',
  preferred: 'bg-yellow-300 text-stone-900 border-transparent',
  homeCare: 'bg-green-700 text-white border-transparent',
};

function HistoryPreferenceBadge({ type }: { type: HistoryPreference['preferenceType'] }) {
  const { t } = useTranslation();
  const kind = historyKind(type);
  return (
    <Badge className={cn(KIND_CLASSES[kind])} data-qa={`history-preference-${kind}`}>
      {t(`results.history.${kind}`)}
    </Badge>
  );
}

/**
 * One child's card on the history page (spec "Parent preference history"): 'child name - category'
 * and the Kita name, then a 400px table of the answers with date (expireDate, dd-MM-yyyy hh:mm a),
 * type, preference, slot assigned and the release button where the server allows it.
 */
export function ChildHistoryCard({ child, parentId }: { child: ChildHistory; parentId: string }) {
  const { t } = useTranslation();
  const columns = React.useMemo<ColumnDef<HistoryPreference>[]>(
    () => [
      {
        id: 'expireDate',
        accessorFn: (p) => p.expireDate,
        header: t('results.history.columns.date'),
        cell: ({ row }) => {
          // dd-MM-yyyy hh:mm a; on a phone the time goes under the day so the badges stay in view.
          const [day, ...time] = formatHistoryDate(row.original.expireDate).split(' ');
          return (
            <span className="whitespace-nowrap" data-qa="history-date">
              <span className="block sm:inline">{day}</span> <span className="block sm:inline">{time.join(' ')}</span>
            </span>
          );
        },
      },
      {
        id: 'eventType',
        accessorKey: 'eventType',
        header: t('results.history.columns.type'),
        cell: ({ row }) => t(`results.history.eventType.${row.original.eventType}`),
      },
      {
        id: 'preference',
        accessorFn: (p) => historyKind(p.preferenceType),
        header: t('results.history.columns.preference'),
        cell: ({ row }) => <HistoryPreferenceBadge type={row.original.preferenceType} />,
      },
      {
        id: 'hasSlot',
        accessorFn: (p) => p.hasSlot ?? '',
        header: t('results.history.columns.slot'),
        cell: ({ row }) => <SlotBadge hasSlot={row.original.hasSlot} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('results.history.columns.actions')}</span>,
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) =>
          row.original.canRelease ? (
            <ReleaseSlotButton
              request={{ eventId: row.original.eventId, childId: row.original.childId, preferenceId: row.original.preferenceId, parentId }}
              childName={child.childName}
            />
          ) : null,
      },
    ],
    [t, child.childName, parentId],
  );

  return (
    <Card data-qa="history-child" data-child={child.childName}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg font-semibold" data-qa="history-child-title">
            {t('results.history.card', { childName: child.childName, categoryName: child.categoryName })}
          </h2>
        </CardTitle>
        <CardDescription data-qa="history-child-kita">{child.kitaName}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable
          qa="history-table"
          label={t('results.history.card', { childName: child.childName, categoryName: child.categoryName })}
          columns={columns}
          data={child.preferences}
          height={400}
          emptyText={t('results.history.empty')}
          getRowId={(p) => p.preferenceId}
        />
      </CardContent>
    </Card>
  );
}
