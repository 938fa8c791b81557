import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { GroupChild } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState, NotFound } from '@/components/states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useDeleteGroupChild, useGroup } from '../queries';

/** /kitas/{kitaId}/g/{groupId}: 'category : group' with the group's children (table 400px high). */
export default function GroupDetailsPage() {
  const { t } = useTranslation();
  const { kitaId = '', groupId = '' } = useParams();
  const group = useGroup(groupId, kitaId);
  const removeChild = useDeleteGroupChild();
  const [deleting, setDeleting] = React.useState<GroupChild | null>(null);

  const columns = React.useMemo<ColumnDef<GroupChild>[]>(
    () => [
      { accessorKey: 'childName', header: t('groups.details.childName'), cell: ({ row }) => <span className="font-medium">{row.original.childName}</span> },
      { accessorKey: 'dateOfBirth', header: t('groups.details.dateOfBirth'), cell: ({ row }) => formatDate(row.original.dateOfBirth) },
      { accessorKey: 'parentName', header: t('groups.details.parentName') },
    ],
    [t],
  );

  if (group.isPending) return <LoadingState />;
  if (group.isError) {
    if (group.error instanceof ApiError && (group.error.status === 404 || group.error.status === 400)) {
      return <NotFound asPage message={t('groups.notFound', { id: groupId })} homeTo={`/kitas/${kitaId}/c`} />;
    }
    return <ErrorState asPage error={group.error} onRetry={() => void group.refetch()} />;
  }
  const data = group.data;

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => removeChild.mutateAsync(deleting.childId), t('groups.details.childDeleted'), t('groups.details.childDeleteFailed'));
  };

  return (
    <>
      <PageHeader
        back={`/kitas/${kitaId}/c/${data.categoryId}`}
        title={t('groups.details.title', { category: t(`categories.names.${data.categoryName}`), group: data.groupName })}
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('groups.details.childrenTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('groups.details.childrenDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            qa="group-children-table"
            label={t('groups.details.childrenTitle')}
            columns={columns}
            data={data.children}
            height={400}
            searchable
            defaultSort={{ id: 'childName' }}
            getRowId={(c) => c.childId}
            rowActions={{ onDelete: setDeleting }}
            emptyText={t('groups.details.noChildren')}
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        description={deleting ? t('groups.details.childDeleteDescription', { name: deleting.childName }) : undefined}
      />
    </>
  );
}
