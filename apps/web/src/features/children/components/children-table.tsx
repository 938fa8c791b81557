import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPhone, type Child } from '@kita/shared';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { lazyDialog } from '@/lib/lazy-dialog';
import { runConfirmed } from '@/lib/notify';
import { useDeleteChild } from '../queries';

// The child form (react-hook-form, zod, date picker) loads when first opened, not with the table.
const ConfirmDialog = lazyDialog(async () => (await import('@/components/confirm-dialog')).ConfirmDialog);
const ChildFormDialog = lazyDialog(async () => (await import('./child-form-dialog')).ChildFormDialog);

/** One row of a children table: a child with its place (group, category) and parent. */
export interface ChildRow {
  childId: string;
  childName: string;
  dateOfBirth: string;
  groupId: string;
  groupName: string;
  categoryName: string;
  parentId: string;
  parentName?: string;
  parentPhone?: string | null;
}

/**
 * A table row from a child as the API sends it (the Kita's children, a parent's details); the
 * parent's name and phone only where the table shows them.
 */
export function childRow(
  c: Pick<Child, 'childId' | 'childName' | 'dateOfBirth' | 'groupId' | 'categoryName'> & { group: Pick<Child['group'], 'groupName'> },
  parent: { parentId: string; name?: string; phone?: string | null },
): ChildRow {
  return {
    childId: c.childId,
    childName: c.childName,
    dateOfBirth: c.dateOfBirth,
    groupId: c.groupId,
    groupName: c.group.groupName,
    categoryName: c.categoryName,
    parentId: parent.parentId,
    ...(parent.name !== undefined ? { parentName: parent.name, parentPhone: parent.phone } : {}),
  };
}

export interface ChildrenTableProps {
  rows: ChildRow[] | undefined;
  isLoading?: boolean;
  kitaId: string;
  qa?: string;
  label: string;
  height?: number;
  searchable?: boolean;
  /** Show the parent name and phone columns (the Kita's children page). */
  showParent?: boolean;
  /** Staff may add and delete; a parent only edits name and date of birth. */
  asParent?: boolean;
  /** Adding from a parent's details page: the new child belongs to this parent. */
  fixedParent?: { parentId: string; name: string };
  /** Hide the add button (e.g. a rejected registration). */
  canAdd?: boolean;
}

/** Children with add/edit/delete and the child form (children page and parent details). */
export function ChildrenTable({
  rows,
  isLoading,
  kitaId,
  qa = 'children-table',
  label,
  height,
  searchable = false,
  showParent = false,
  asParent = false,
  fixedParent,
  canAdd = true,
}: ChildrenTableProps) {
  const { t } = useTranslation();
  const remove = useDeleteChild();
  const [editing, setEditing] = React.useState<ChildRow | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<ChildRow | null>(null);

  const columns = React.useMemo<ColumnDef<ChildRow>[]>(() => {
    const list: ColumnDef<ChildRow>[] = [
      { accessorKey: 'childName', header: t('children.columns.childName'), cell: ({ row }) => <span className="font-medium">{row.original.childName}</span> },
      {
        accessorKey: 'dateOfBirth',
        header: t('children.columns.dateOfBirth'),
        cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.dateOfBirth)}</span>,
      },
      { id: 'group', accessorFn: (c) => `${c.categoryName} : ${c.groupName}`, header: t('children.columns.group') },
    ];
    if (showParent) {
      list.push(
        { id: 'parent', accessorFn: (c) => c.parentName ?? '', header: t('children.columns.parent') },
        { id: 'phone', accessorFn: (c) => (c.parentPhone ? formatPhone(c.parentPhone) : '-'), header: t('children.columns.phone'), enableSorting: false },
      );
    }
    return list;
  }, [t, showParent]);

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => remove.mutateAsync(deleting.childId), t('children.toast.deleted'), t('children.toast.deleteFailed'));
  };

  return (
    <>
      <DataTable
        qa={qa}
        label={label}
        columns={columns}
        data={rows}
        isLoading={isLoading}
        height={height}
        searchable={searchable}
        searchPlaceholder={t('children.list.searchPlaceholder')}
        defaultSort={{ id: 'childName' }}
        getRowId={(c) => c.childId}
        rowActions={{ onEdit: (c) => setEditing(c), onDelete: asParent ? undefined : (c) => setDeleting(c) }}
        toolbar={
          !asParent && canAdd ? (
            <Button onClick={() => setEditing('new')} data-qa={`${qa}-add`}>
              <PlusIcon aria-hidden="true" />
              {t('children.list.add')}
            </Button>
          ) : undefined
        }
      />
      <ChildFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        kitaId={kitaId}
        child={editing && editing !== 'new' ? editing : undefined}
        fixedParent={fixedParent}
        asParent={asParent}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        description={deleting ? t('children.deleteDescription', { name: deleting.childName, group: `${deleting.categoryName} : ${deleting.groupName}` }) : undefined}
      />
    </>
  );
}
