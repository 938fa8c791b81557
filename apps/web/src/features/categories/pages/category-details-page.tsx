import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Group } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState, NotFound } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { GroupFormDialog } from '@/features/groups/components/group-form-dialog';
import { useDeleteGroup } from '@/features/groups/queries';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { useCategory, useDeleteCategory, useKitaCategories } from '../queries';

/** /kitas/{kitaId}/c/{categoryId}: the category's name and its groups (add, edit, delete; row click opens the group). */
export default function CategoryDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kitaId = '', categoryId = '' } = useParams();
  const category = useCategory(categoryId);
  const siblings = useKitaCategories(kitaId);
  const removeGroup = useDeleteGroup();
  const removeCategory = useDeleteCategory();
  const [groupFormOpen, setGroupFormOpen] = React.useState(false);
  const [editingGroup, setEditingGroup] = React.useState<Group | null>(null);
  const [deletingGroup, setDeletingGroup] = React.useState<Group | null>(null);
  const [editOpen, setEditOpen] = React.useState(false);
  const [deleteOpen, setDeleteOpen] = React.useState(false);

  const columns = React.useMemo<ColumnDef<Group>[]>(
    () => [{ accessorKey: 'groupName', header: t('groups.columns.groupName'), cell: ({ row }) => <span className="font-medium">{row.original.groupName}</span> }],
    [t],
  );

  if (category.isPending) return <LoadingState />;
  // A category of another Kita (or under a wrong Kita path) reads as not found, like on the server.
  const wrongKita = category.data && category.data.kitaId !== kitaId;
  if (category.isError || wrongKita) {
    if (wrongKita || (category.error instanceof ApiError && (category.error.status === 404 || category.error.status === 400))) {
      return <NotFound asPage message={t('categories.notFound', { id: categoryId })} homeTo={`/kitas/${kitaId}/c`} />;
    }
    return <ErrorState asPage error={category.error} onRetry={() => void category.refetch()} />;
  }
  const data = category.data!;
  const name = t(`categories.names.${data.categoryName}`);
  const categories = siblings.data?.categories ?? [data];

  const confirmGroupDelete = async () => {
    if (!deletingGroup) return;
    await runConfirmed(() => removeGroup.mutateAsync(deletingGroup.groupId), t('groups.toast.deleted'), t('groups.toast.deleteFailed'));
  };

  const confirmCategoryDelete = async () => {
    try {
      await removeCategory.mutateAsync(data.categoryId);
      notifySuccess(t('categories.toast.deleted'));
      navigate(`/kitas/${kitaId}/c`, { replace: true });
    } catch (error) {
      notifyError(t('categories.toast.deleteFailed'), error);
      throw error;
    }
  };

  return (
    <>
      <PageHeader
        back={`/kitas/${kitaId}/c`}
        title={name}
        description={siblings.data?.kitaName}
        actions={
          <>
            <Button variant="outline" onClick={() => setEditOpen(true)} data-qa="category-edit">
              <PencilIcon aria-hidden="true" />
              {t('common.actions.edit')}
            </Button>
            <Button variant="destructive" onClick={() => setDeleteOpen(true)} data-qa="category-delete">
              <Trash2Icon aria-hidden="true" />
              {t('common.actions.delete')}
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('categories.details.groupsTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('categories.details.groupsDescription')}</CardDescription>
          <CardAction>
            <Button
              onClick={() => {
                setEditingGroup(null);
                setGroupFormOpen(true);
              }}
              data-qa="group-add"
            >
              <PlusIcon aria-hidden="true" />
              {t('groups.add')}
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <DataTable
            qa="group-table"
            label={t('categories.details.groupsTitle')}
            columns={columns}
            data={data.groups}
            height="auto"
            defaultSort={{ id: 'groupName' }}
            getRowId={(g) => g.groupId}
            onRowClick={(g) => navigate(`/kitas/${kitaId}/g/${g.groupId}`)}
            rowActions={{
              onEdit: (g) => {
                setEditingGroup(g);
                setGroupFormOpen(true);
              },
              onDelete: setDeletingGroup,
            }}
            emptyText={t('categories.details.noGroups')}
          />
        </CardContent>
      </Card>
      <GroupFormDialog open={groupFormOpen} onOpenChange={setGroupFormOpen} categoryId={data.categoryId} group={editingGroup} categories={categories} />
      <CategoryFormDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        kitaId={kitaId}
        category={data}
        taken={categories.map((c) => c.categoryName)}
      />
      <ConfirmDialog
        open={!!deletingGroup}
        onOpenChange={(open) => !open && setDeletingGroup(null)}
        onConfirm={confirmGroupDelete}
        description={deletingGroup ? t('groups.deleteDescription', { name: deletingGroup.groupName }) : undefined}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onConfirm={confirmCategoryDelete}
        description={t('categories.deleteDescription', { name })}
      />
    </>
  );
}
