import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CATEGORY_NAMES, type Category } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState, NotFound } from '@/components/states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { useDeleteCategory, useKitaCategories } from '../queries';

/** /kitas/{kitaId}/c: the Kita's categories; row click opens the category with its groups. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kitaId = '' } = useParams();
  const query = useKitaCategories(kitaId);
  const remove = useDeleteCategory();
  const [formOpen, setFormOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<Category | null>(null);
  const [deleting, setDeleting] = React.useState<Category | null>(null);

  const categories = query.data?.categories;
  const taken = (categories ?? []).map((c) => c.categoryName);
  const allExist = CATEGORY_NAMES.every((name) => taken.includes(name));

  const columns = React.useMemo<ColumnDef<Category>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (c) => t(`categories.names.${c.categoryName}`),
        header: t('categories.columns.name'),
        cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span>,
      },
      {
        id: 'groups',
        accessorFn: (c) => c.groups.length,
        header: t('categories.columns.groups'),
        cell: ({ row }) => <Badge variant="secondary">{row.original.groups.length}</Badge>,
      },
    ],
    [t],
  );

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound asPage message={t('kitas.notFound', { id: kitaId })} />;
    return <ErrorState asPage message={t('categories.list.loadFailed')} onRetry={() => void query.refetch()} />;
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => remove.mutateAsync(deleting.categoryId), t('categories.toast.deleted'), t('categories.toast.deleteFailed'));
  };

  return (
    <>
      <PageHeader
        title={t('categories.list.title')}
        description={query.data ? `${query.data.kitaName} · ${t('categories.list.description')}` : t('categories.list.description')}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
            disabled={!categories || allExist}
            title={allExist ? t('categories.list.allExist') : undefined}
            data-qa="category-add"
          >
            <PlusIcon aria-hidden="true" />
            {t('categories.list.add')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <DataTable
            qa="category-table"
            label={t('categories.list.title')}
            columns={columns}
            data={categories}
            isLoading={query.isPending}
            height="auto"
            getRowId={(c) => c.categoryId}
            onRowClick={(c) => navigate(`/kitas/${kitaId}/c/${c.categoryId}`)}
            rowActions={{
              onEdit: (c) => {
                setEditing(c);
                setFormOpen(true);
              },
              onDelete: setDeleting,
            }}
            emptyText={t('categories.list.empty')}
          />
        </CardContent>
      </Card>
      <CategoryFormDialog open={formOpen} onOpenChange={setFormOpen} kitaId={kitaId} category={editing} taken={taken} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        description={deleting ? t('categories.deleteDescription', { name: t(`categories.names.${deleting.categoryName}`) }) : undefined}
      />
    </>
  );
}
