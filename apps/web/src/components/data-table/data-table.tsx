import * as React from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type CellContext,
  type ColumnDef,
  type Header,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, SearchIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { RowActionsMenu, type RowActions } from './row-actions';

export interface DataTableProps<T> {
  // Columns mix value types (string, number, nested objects); TanStack's own API types a column list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  /** Prefix of the data-qa hooks: `{qa}`, `{qa}-search`, `{qa}-row`, `{qa}-empty`. */
  qa?: string;
  /** Accessible name of the table (screen readers). */
  label?: string;
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Sorting on first render, e.g. `{ id: 'eventDate', desc: true }`. */
  defaultSort?: { id: string; desc?: boolean };
  /** Height of the scrolling area; default 500px. */
  height?: number | string;
  onRowClick?: (row: T) => void;
  rowActions?: RowActions<T>;
  emptyText?: string;
  isLoading?: boolean;
  getRowId?: (row: T, index: number) => string;
  /** Shown right of the search box (e.g. an "Add" button). */
  toolbar?: React.ReactNode;
  className?: string;
  /**
   * Column ids shown on a phone (below 640 px; the row actions always stay): the columns that
   * matter there, so nothing important sits off-screen to the right.
   */
  phoneColumns?: readonly string[];
}

const PHONE_QUERY = '(max-width: 639px)';
const subscribePhone = (listener: () => void) => {
  const mql = window.matchMedia(PHONE_QUERY);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
};
/** Below 640 px (Tailwind's `sm`). */
export function useIsPhone(): boolean {
  return React.useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches);
}

function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const { t } = useTranslation();
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <>{content}</>;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  const name = typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : header.column.id;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="hover:text-foreground focus-visible:ring-ring/50 -ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 outline-none focus-visible:ring-[3px]"
      title={t('common.table.sortBy', { column: name })}
      data-qa={`sort-${header.column.id}`}
    >
      {content}
      <Icon className={cn('size-3.5', !sorted && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/**
 * The row actions of the table being rendered. The actions column reads them from here, so its
 * definition never changes: TanStack renders a function cell as a component, and a new cell
 * function (a page passing a fresh `rowActions` object on each render, e.g. after a live refresh)
 * would remount every menu and close the one a manager has open.
 */
const RowActionsContext = React.createContext<RowActions<unknown> | undefined>(undefined);

function ActionsHeader() {
  const { t } = useTranslation();
  return <span className="sr-only">{t('common.actions.actions')}</span>;
}

function ActionsCell({ row }: CellContext<unknown, unknown>) {
  const actions = React.useContext(RowActionsContext);
  return actions ? <RowActionsMenu row={row.original} actions={actions} /> : null;
}

const ACTIONS_COLUMN: ColumnDef<unknown> = {
  id: 'actions',
  header: ActionsHeader,
  enableSorting: false,
  enableGlobalFilter: false,
  cell: ActionsCell,
};

/**
 * The list table of every screen: optional search over all columns, click-to-sort headers,
 * a fixed-height scrolling body with a sticky header, row click, a row actions menu and an
 * empty text.
 */
export function DataTable<T>({
  columns,
  data,
  qa = 'data-table',
  label,
  searchable = false,
  searchPlaceholder,
  defaultSort,
  height = 500,
  onRowClick,
  rowActions,
  emptyText,
  isLoading = false,
  getRowId,
  toolbar,
  className,
  phoneColumns,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [sorting, setSorting] = React.useState<SortingState>(defaultSort ? [{ desc: false, ...defaultSort }] : []);
  const [globalFilter, setGlobalFilter] = React.useState('');

  // One stable actions column; the actions themselves come through RowActionsContext.
  const withActions = !!rowActions;
  const allColumns = React.useMemo(
    () => (withActions ? [...columns, ACTIONS_COLUMN as ColumnDef<T>] : columns),
    [columns, withActions],
  );

  const columnVisibility = React.useMemo<VisibilityState>(() => {
    if (!phone || !phoneColumns) return {};
    const ids = allColumns.map((c) => c.id ?? ('accessorKey' in c ? String(c.accessorKey) : ''));
    return Object.fromEntries(ids.map((id) => [id, id === 'actions' || phoneColumns.includes(id)]));
  }, [phone, phoneColumns, allColumns]);

  // The chosen phone columns share the width: their texts wrap instead of pushing off-screen.
  const wrap = phone && !!phoneColumns;
  const rows = React.useMemo(() => data ?? [], [data]);
  const table = useReactTable({
    data: rows,
    columns: allColumns,
    state: { sorting, globalFilter, columnVisibility },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    globalFilterFn: 'includesString',
    getRowId,
  });

  const visibleRows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const empty = globalFilter && rows.length > 0 ? t('common.table.noResults') : (emptyText ?? t('common.table.empty'));

  return (
    <RowActionsContext.Provider value={rowActions as RowActions<unknown> | undefined}>
      <div className={cn('flex flex-col gap-3', className)} data-qa={qa}>
        {(searchable || toolbar) && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            {searchable ? (
              <div className="relative w-full sm:max-w-xs">
                <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
                <Input
                  type="search"
                  value={globalFilter}
                  onChange={(event) => setGlobalFilter(event.target.value)}
                  placeholder={searchPlaceholder ?? t('common.table.searchPlaceholder')}
                  aria-label={searchPlaceholder ?? t('common.table.searchLabel')}
                  className="pl-9"
                  data-qa={`${qa}-search`}
                />
              </div>
            ) : (
              <span />
            )}
            {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
          </div>
        )}
        <div
          className="relative overflow-auto rounded-md border"
          style={{ height: typeof height === 'number' ? `${height}px` : height }}
          role="region"
          aria-label={label ?? t('common.table.label')}
          tabIndex={0}
        >
          <Table bare aria-label={label}>
            <TableHeader className="bg-background sticky top-0 z-10 shadow-[inset_0_-1px_0_var(--border)]">
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <TableHead
                        key={header.id}
                        className={cn('px-3', header.column.id === 'actions' && 'w-12', wrap && 'whitespace-normal')}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      >
                        {header.isPlaceholder ? null : <SortableHeader header={header} />}
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {isLoading ? (
                Array.from({ length: 5 }, (_, index) => (
                  <TableRow key={index} className="hover:bg-transparent">
                    {Array.from({ length: columnCount }, (__, cell) => (
                      <TableCell key={cell} className="px-3 py-3">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : visibleRows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="text-muted-foreground h-32 text-center" data-qa={`${qa}-empty`}>
                    {empty}
                  </TableCell>
                </TableRow>
              ) : (
                visibleRows.map((row) => (
                  <TableRow
                    key={row.id}
                    data-qa={`${qa}-row`}
                    className={cn(onRowClick && 'focus-visible:bg-muted cursor-pointer outline-none')}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row.original);
                          }
                        : undefined
                    }
                  >
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} className={cn('px-3 py-2.5', wrap && 'whitespace-normal')}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      </div>
    </RowActionsContext.Provider>
  );
}

export type { RowActions, ExtraRowAction } from './row-actions';
