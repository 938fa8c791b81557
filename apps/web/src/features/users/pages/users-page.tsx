import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { formatPhone, type User } from '@kita/shared';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { RoleBadge } from '../components/role-badge';
import { StaffTable } from '../components/staff-table';
import { useUsers } from '../queries';

const dash = '-';

/** /users (Admin): every staff user with name, e-mail, phone, role and (for managers) their Kita. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const users = useUsers();

  const columns = React.useMemo<ColumnDef<User>[]>(
    () => [
      {
        accessorKey: 'name',
        header: t('users.columns.name'),
        cell: ({ row }) => (
          <span className="font-medium">
            {row.original.name}
            {row.original.userId === me?.userId && <span className="text-muted-foreground font-normal"> ({t('users.you')})</span>}
          </span>
        ),
      },
      { id: 'email', accessorFn: (u) => u.email ?? '', header: t('users.columns.email') },
      { id: 'phoneNumber', accessorFn: (u) => formatPhone(u.phoneNumber), header: t('users.columns.phoneNumber'), cell: ({ getValue }) => getValue<string>() || dash },
      { id: 'role', accessorFn: (u) => t(`nav.roles.${u.role}`), header: t('users.columns.role'), cell: ({ row }) => <RoleBadge role={row.original.role} /> },
      {
        id: 'kita',
        accessorFn: (u) => (u.role === 'KitaManager' ? (u.kita?.kitaName ?? '') : ''),
        header: t('users.columns.kita'),
        cell: ({ getValue }) => getValue<string>() || dash,
      },
    ],
    [t, me?.userId],
  );

  return (
    <>
      <PageHeader title={t('users.list.title')} description={t('users.list.description')} />
      <Card>
        <CardContent>
          {users.isError ? (
            <ErrorState message={t('users.list.loadFailed')} onRetry={() => void users.refetch()} />
          ) : (
            <StaffTable
              qa="user-table"
              label={t('users.list.title')}
              users={users.data}
              isLoading={users.isPending}
              columns={columns}
              mode="user"
              addLabel={t('users.list.add')}
              emptyText={t('users.list.empty')}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}
