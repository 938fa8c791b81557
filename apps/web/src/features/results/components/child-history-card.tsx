import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ChildHistory, HistoryPreference } from '@kita/shared';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCareDays } from '@/hooks/use-care-days';
import { useIsMobile } from '@/hooks/use-mobile';
import { cn } from '@/lib/utils';
import { historyKind, type HistoryKind } from '../outcome';
import { CalendarLinkButton } from './calendar-link-button';
import { ReleaseSlotButton } from './release-slot-button';
import { SlotBadge } from './slot-badge';

/** Traffic-light badge colours of the history (text keeps 4.5:1 on its background). */
const KIND_CLASSES: Record<HistoryKind, string> = {
  needed: 'bg-red-600 text-white border-transparent',
  preferred: 'bg-yellow-300 text-stone-900 border-transparent',
  homeCare: 'bg-green-700 text-white border-transparent',
  inKita: 'bg-blue-700 text-white border-transparent',
};

function HistoryPreferenceBadge({ type }: { type: HistoryPreference['preferenceType'] }) {
  const { t } = useTranslation();
  const kind = historyKind(type);
  return (
    // The text may wrap: on a phone the badge shares a narrow column.
    <Badge className={cn(KIND_CLASSES[kind], 'whitespace-normal')} data-qa={`history-preference-${kind}`}>
      {t(`results.history.${kind}`)}
    </Badge>
  );
}

/**
 * One child's card on the history page: 'child name - category'
 * and the Kita name, then a 400px table of the answers with date (expireDate, dd-MM-yyyy hh:mm a),
 * type, preference, slot assigned, "add to calendar" for a place and the release button where the
 * server allows it.
 */
export function ChildHistoryCard({ child, parentId }: { child: ChildHistory; parentId: string }) {
  const { t } = useTranslation();
  const care = useCareDays();
  // On a phone five columns do not fit: the type goes under the date and the release button under
  // the slot, so every answer stays readable without scrolling sideways.
  const compact = useIsMobile();
  const columns = React.useMemo<ColumnDef<HistoryPreference>[]>(() => {
    const release = (p: HistoryPreference) =>
      p.canRelease ? (
        <ReleaseSlotButton
          request={{ eventId: p.eventId, childId: p.childId, preferenceId: p.preferenceId, parentId }}
          childName={child.childName}
          short={compact}
        />
      ) : null;
    // A place goes into the family's calendar (an icon only on a phone, beside the place's badge).
    const calendar = (p: HistoryPreference) =>
      p.calendarLink ? <CalendarLinkButton href={p.calendarLink} childName={child.childName} short={compact} /> : null;
    const type = (p: HistoryPreference) => t(`results.history.eventType.${p.eventType}`);
    const head: ColumnDef<HistoryPreference>[] = [
      {
        id: 'expireDate',
        accessorFn: (p) => p.eventDate,
        header: t('results.history.columns.date'),
        cell: ({ row }) => {
          // The care day(s), never the sending time (docs/domain.md "Inquiries").
          return (
            <div className="flex flex-col">
              <span className={cn(!compact && 'whitespace-nowrap')} data-qa="history-date">
                {care.period(row.original)}
              </span>
              {compact && (
                <span className="text-muted-foreground text-xs" data-qa="history-type">
                  {type(row.original)}
                </span>
              )}
            </div>
          );
        },
      },
      ...(compact
        ? []
        : [
            {
              id: 'eventType',
              accessorKey: 'eventType',
              header: t('results.history.columns.type'),
              cell: ({ row }) => <span data-qa="history-type">{type(row.original)}</span>,
            } satisfies ColumnDef<HistoryPreference>,
          ]),
      {
        id: 'preference',
        accessorFn: (p) => historyKind(p.preferenceType),
        header: t('results.history.columns.preference'),
        cell: ({ row }) => <HistoryPreferenceBadge type={row.original.preferenceType} />,
      },
    ];
    const slot: ColumnDef<HistoryPreference> = {
      id: 'hasSlot',
      accessorFn: (p) => p.hasSlot ?? '',
      header: compact ? t('results.history.columns.slotShort') : t('results.history.columns.slot'),
      cell: ({ row }) =>
        compact ? (
          <div className="flex flex-col items-start gap-1.5">
            <div className="flex items-center gap-1.5">
              <SlotBadge hasSlot={row.original.hasSlot} released={row.original.released} />
              {calendar(row.original)}
            </div>
            {release(row.original)}
          </div>
        ) : (
          <SlotBadge hasSlot={row.original.hasSlot} released={row.original.released} />
        ),
    };
    // On a phone the place (what a parent looks for) comes right after the date.
    const [date, ...rest] = head;
    return [
      ...(compact ? [date!, slot, ...rest] : [date!, ...rest, slot]),
      ...(compact
        ? []
        : [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('results.history.columns.actions')}</span>,
              enableSorting: false,
              enableGlobalFilter: false,
              cell: ({ row }) =>
                row.original.calendarLink || row.original.canRelease ? (
                  <div className="flex flex-wrap items-center gap-1.5">
                    {calendar(row.original)}
                    {release(row.original)}
                  </div>
                ) : null,
            } satisfies ColumnDef<HistoryPreference>,
          ]),
    ];
  }, [t, care, child.childName, parentId, compact]);

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
          // On a phone the columns share the width and wrap instead of pushing the place off-screen.
          phoneColumns={['expireDate', 'hasSlot', 'preference']}
        />
      </CardContent>
    </Card>
  );
}
