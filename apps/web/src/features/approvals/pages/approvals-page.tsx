import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { RegisteredParent } from '@kita/shared';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApproveParent, useRegisteredParents } from '@/features/parents/queries';

/** The children of a registration as 'category : group' badges with the child's name. */
function ChildBadges({ parent }: { parent: RegisteredParent }) {
  const { t } = useTranslation();
  if (parent.children.length === 0) return <span className="text-muted-foreground">{t('registration.noChildren')}</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {parent.children.map((c) => (
        <Badge key={c.childId} variant="secondary" className="gap-1.5" data-qa="registration-child">
          <span className="font-semibold">{c.childName}</span>
          <span>{t('registration.childBadge', { category: c.categoryName, group: c.groupName })}</span>
        </Badge>
      ))}
    </div>
  );
}

/**
 * Registered parents of a Kita waiting for approval: name, e-mail, children;
 * row click opens the parent (reject and delete there); approve per row. No row menu.
 */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kitaId = useParams().kitaId ?? '';
  const list = useRegisteredParents(kitaId);
  const approve = useApproveParent();

  const runApprove = (p: RegisteredParent) =>
    approve.mutate(p.parentId, {
      onSuccess: () => notifySuccess(t('parents.toast.approved')),
      onError: (error) => notifyError(t('parents.toast.approveFailed'), error),
    });

  const columns = React.useMemo<ColumnDef<RegisteredParent>[]>(
    () => [
      { accessorKey: 'name', header: t('registration.columns.name'), cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      { id: 'email', accessorFn: (p) => p.email ?? '-', header: t('registration.columns.email') },
      {
        id: 'children',
        accessorFn: (p) => p.children.map((c) => `${c.childName} ${c.categoryName} ${c.groupName}`).join(' '),
        header: t('registration.columns.children'),
        enableSorting: false,
        cell: ({ row }) => <ChildBadges parent={row.original} />,
      },
      {
        // Approval is this screen's main action, so it is a visible button, not only a menu entry.
        id: 'approve',
        header: () => <span className="sr-only">{t('registration.approve')}</span>,
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="outline"
            onClick={(event) => {
              event.stopPropagation();
              runApprove(row.original);
            }}
            onKeyDown={(event) => event.stopPropagation()}
            disabled={approve.isPending}
            data-qa="registration-approve"
          >
            <CheckIcon aria-hidden="true" />
            {t('registration.approve')}
          </Button>
        ),
      },
    ],
    // runApprove only closes over stable mutation objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, approve.isPending],
  );

  return (
    <div className="flex flex-col gap-6" data-qa="registration-page">
      <PageHeader title={t('registration.title')} description={t('registration.description')} />
      <Card>
        <CardContent>
          {list.error ? (
            <ErrorState title={t('registration.errorTitle')} message={t('registration.errorText')} onRetry={() => void list.refetch()} />
          ) : (
            <DataTable
              qa="registration-table"
              phoneColumns={['name', 'approve']}
              label={t('registration.title')}
              columns={columns}
              data={list.data}
              isLoading={list.isLoading}
              searchable
              searchPlaceholder={t('registration.searchPlaceholder')}
              defaultSort={{ id: 'name' }}
              emptyText={t('registration.empty')}
              getRowId={(p) => p.parentId}
              // No row-action menu here. Approve is the visible button; reject and delete
              // are on the registration's page, which the row click opens.
              onRowClick={(p) => navigate(`/kitas/${kitaId}/p/${p.parentId}`)}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
