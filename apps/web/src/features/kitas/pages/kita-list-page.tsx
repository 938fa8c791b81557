import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Kita } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable, type RowActions } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { FailedAccountMailsCard } from '../components/failed-account-mails-card';
import { KitaFormDialog } from '../components/kita-form-dialog';
import { useDeleteKita, useKitaDeleteImpact, useKitas } from '../queries';

/** '/' and '/kitas': searchable, sortable Kita list; Admins add and delete, managers edit their own. */
export default function KitaListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.role === 'Admin';
  const kitas = useKitas();
  const remove = useDeleteKita();
  const [formOpen, setFormOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<Kita | null>(null);
  const [deleting, setDeleting] = React.useState<Kita | null>(null);
  const impact = useKitaDeleteImpact(deleting?.kitaId ?? null);
  const counts = impact.data;

  const columns = React.useMemo<ColumnDef<Kita>[]>(
    () => [
      { accessorKey: 'kitaName', header: t('kitas.columns.kitaName'), cell: ({ row }) => <span className="font-medium">{row.original.kitaName}</span> },
      { accessorKey: 'location', header: t('kitas.columns.location') },
    ],
    [t],
  );

  const rowActions: RowActions<Kita> = {
    onEdit: (kita) => {
      setEditing(kita);
      setFormOpen(true);
    },
    ...(isAdmin ? { onDelete: setDeleting } : {}),
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => remove.mutateAsync({ kitaId: deleting.kitaId, ...(counts?.confirmNameRequired ? { confirmName: deleting.kitaName } : {}) }), t('kitas.toast.deleted'), t('kitas.toast.deleteFailed'));
  };

  return (
    <>
      <PageHeader
        title={t('kitas.list.title')}
        description={t('kitas.list.description')}
        actions={
          isAdmin && (
            <Button
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-qa="kita-add"
            >
              <PlusIcon aria-hidden="true" />
              {t('kitas.list.add')}
            </Button>
          )
        }
      />
      {isAdmin && <FailedAccountMailsCard />}
      <Card>
        <CardContent>
          {kitas.isError ? (
            <ErrorState message={t('kitas.list.loadFailed')} onRetry={() => void kitas.refetch()} />
          ) : (
            <DataTable
              qa="kita-table"
              label={t('kitas.list.title')}
              columns={columns}
              data={kitas.data}
              isLoading={kitas.isPending}
              searchable
              defaultSort={{ id: 'kitaName' }}
              getRowId={(kita) => kita.kitaId}
              onRowClick={(kita) => navigate(`/kitas/${kita.kitaId}/d`)}
              rowActions={rowActions}
              emptyText={t('kitas.list.empty')}
            />
          )}
        </CardContent>
      </Card>
      <KitaFormDialog open={formOpen} onOpenChange={setFormOpen} kita={editing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        description={
          !deleting
            ? undefined
            : counts
              ? t('kitas.deleteImpact', {
                  name: deleting.kitaName,
                  families: t('kitas.impact.families', { count: counts.families }),
                  children: t('kitas.impact.children', { count: counts.children }),
                  managers: t('kitas.impact.managers', { count: counts.managers }),
                  inquiries: t('kitas.impact.inquiries', { count: counts.inquiries }),
                  finished: counts.finishedInquiries,
                })
              : impact.isError
                ? t('kitas.deleteDescription', { name: deleting.kitaName })
                : t('kitas.deleteImpactLoading', { name: deleting.kitaName })
        }
        typeToConfirm={counts?.confirmNameRequired ? deleting?.kitaName : undefined}
      />
    </>
  );
}
