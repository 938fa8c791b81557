import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Loader2Icon, PlusIcon, SheetIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Parent } from '@kita/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { notifyError, runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { AccountStatusBadge, communicationLabel } from '../components/parent-badges';
import { ParentFormDialog } from '../components/parent-form-dialog';
import { useDeleteParent, useDownloadParentsCsv, useParents } from '../queries';

/**
 * Parents list: /kitas/{kitaId}/p lists one Kita, /parents every parent in the
 * caller's scope. Default sort by name; name and credits sortable.
 */
export default function ParentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const kitaId = useParams().kitaId ?? null;
  const parents = useParents(kitaId);
  const downloadCsv = useDownloadParentsCsv();
  const remove = useDeleteParent();
  const [editing, setEditing] = React.useState<Parent | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<Parent | null>(null);
  const showKita = !kitaId && user?.role === 'Admin';

  const columns = React.useMemo<ColumnDef<Parent>[]>(() => {
    const list: ColumnDef<Parent>[] = [
      {
        accessorKey: 'name',
        header: t('parents.columns.name'),
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        accessorKey: 'accountStatus',
        header: t('parents.columns.accountStatus'),
        enableSorting: false,
        cell: ({ row }) => <AccountStatusBadge status={row.original.accountStatus} />,
      },
      {
        id: 'preferredCommunication',
        accessorFn: (p) => communicationLabel(t, p.preferredCommunication),
        header: t('parents.columns.preferredCommunication'),
        enableSorting: false,
      },
      {
        accessorKey: 'credits',
        header: t('parents.columns.credits'),
        cell: ({ row }) => <span className="tabular-nums">{row.original.credits}</span>,
      },
    ];
    if (showKita) list.splice(1, 0, { accessorKey: 'kitaName', header: t('parents.columns.kita'), enableSorting: false });
    return list;
  }, [t, showKita]);

  const openParent = (p: Parent) => navigate(kitaId && p.kitaId === kitaId ? `/kitas/${kitaId}/p/${p.parentId}` : `/parents/${p.parentId}`);

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => remove.mutateAsync(deleting.parentId), t('parents.toast.deleted'), t('parents.toast.deleteFailed'));
  };

  return (
    <div className="flex flex-col gap-6" data-qa="parents-page">
      <PageHeader title={t('parents.list.title')} description={t('parents.list.description')} />
      <Card>
        <CardContent>
          {parents.error ? (
            <ErrorState title={t('parents.list.loadFailed')} error={parents.error} onRetry={() => void parents.refetch()} />
          ) : (
            <DataTable
              qa="parents-table"
              phoneColumns={['name', 'credits']}
              label={t('parents.list.title')}
              columns={columns}
              data={parents.data}
              isLoading={parents.isLoading}
              searchable
              searchPlaceholder={t('parents.list.searchPlaceholder')}
              defaultSort={{ id: 'name' }}
              getRowId={(p) => p.parentId}
              onRowClick={openParent}
              rowActions={{
                onEdit: (p) => setEditing(p),
                onDetails: (p) => navigate(`/parents/${p.parentId}`),
                onDelete: (p) => setDeleting(p),
                // Any family can be deleted; one that took part in an inquiry is erased (its rows in
                // finished inquiries stay under a pseudonym, so their results remain reproducible).
                canDelete: () => true,
              }}
              toolbar={
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    onClick={() => downloadCsv.mutate(kitaId, { onError: (error) => notifyError(t('parents.csv.downloadFailed'), error) })}
                    disabled={downloadCsv.isPending}
                    data-qa="parents-csv"
                  >
                    {downloadCsv.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SheetIcon aria-hidden="true" />}
                    {t('parents.csv.download')}
                  </Button>
                  <Button onClick={() => setEditing('new')} data-qa="parents-add">
                    <PlusIcon aria-hidden="true" />
                    {t('parents.list.add')}
                  </Button>
                </div>
              }
            />
          )}
        </CardContent>
      </Card>
      <ParentFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        parent={editing && editing !== 'new' ? editing : undefined}
        kitaId={kitaId}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        // A registration (not approved yet) has no account, answers or credits to lose.
        title={deleting?.status === 'registered' ? t('registration.deleteTitle') : undefined}
        description={
          !deleting
            ? undefined
            : deleting.status === 'registered'
              ? t('registration.deleteText', { name: deleting.name })
              : deleting.hasHistory
                ? t('mydata.deleteWithHistory', { name: deleting.name })
                : t('parents.deleteDescription', { name: deleting.name, credits: deleting.credits })
        }
        confirmLabel={deleting?.status === 'registered' ? t('registration.deleteConfirm') : undefined}
      />
    </div>
  );
}
