import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPhone, type User } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useDeleteUser } from '../queries';
import { ChangePasswordDialog } from './change-password-dialog';
import { RoleBadge } from './role-badge';
import { UserFormDialog } from './user-form-dialog';

const dash = '-';

/**
 * The columns of a staff table: name (with "you" on one's own row) and e-mail; the users page
 * (`mode="user"`) adds phone, role and the manager's Kita.
 */
export function staffColumns(t: TFunction, myUserId: string | undefined, mode: 'user' | 'manager'): ColumnDef<User>[] {
  const columns: ColumnDef<User>[] = [
    {
      accessorKey: 'name',
      header: t('users.columns.name'),
      cell: ({ row }) => (
        <span className="font-medium">
          {row.original.name}
          {row.original.userId === myUserId && <span className="text-muted-foreground font-normal"> ({t('users.you')})</span>}
        </span>
      ),
    },
    { id: 'email', accessorFn: (u) => u.email ?? '', header: t('users.columns.email') },
  ];
  if (mode === 'manager') return columns;
  return [
    ...columns,
    { id: 'phoneNumber', accessorFn: (u) => formatPhone(u.phoneNumber), header: t('users.columns.phoneNumber'), cell: ({ getValue }) => getValue<string>() || dash },
    { id: 'role', accessorFn: (u) => t(`nav.roles.${u.role}`), header: t('users.columns.role'), cell: ({ row }) => <RoleBadge role={row.original.role} /> },
    {
      id: 'kita',
      accessorFn: (u) => (u.role === 'KitaManager' ? (u.kita?.kitaName ?? '') : ''),
      header: t('users.columns.kita'),
      cell: ({ getValue }) => getValue<string>() || dash,
    },
  ];
}

/**
 * The users table with its columns and dialogs (add/edit, change password, delete). Used by the
 * users page (all staff) and the managers page of one Kita (`mode="manager"`).
 */
export function StaffTable({
  users,
  isLoading,
  mode,
  kitaId,
  qa,
  addLabel,
  emptyText,
  label,
}: {
  users: User[] | undefined;
  isLoading: boolean;
  mode: 'user' | 'manager';
  kitaId?: string;
  qa: string;
  addLabel: string;
  emptyText: string;
  label: string;
}) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const remove = useDeleteUser();
  const [formOpen, setFormOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<User | null>(null);
  const [deleting, setDeleting] = React.useState<User | null>(null);
  const [passwordFor, setPasswordFor] = React.useState<User | null>(null);
  const manager = mode === 'manager';
  const columns = React.useMemo(() => staffColumns(t, me?.userId, mode), [t, me?.userId, mode]);

  const confirmDelete = async () => {
    if (!deleting) return;
    await runConfirmed(() => remove.mutateAsync(deleting.userId), t(manager ? 'users.toast.managerDeleted' : 'users.toast.deleted'), t(manager ? 'users.toast.managerDeleteFailed' : 'users.toast.deleteFailed'));
  };

  return (
    <>
      <DataTable
        qa={qa}
        label={label}
        columns={columns}
        data={users}
        isLoading={isLoading}
        searchable
        defaultSort={{ id: 'name' }}
        getRowId={(u) => u.userId}
        emptyText={emptyText}
        toolbar={
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
            data-qa={`${qa}-add`}
          >
            <PlusIcon aria-hidden="true" />
            {addLabel}
          </Button>
        }
        rowActions={{
          onEdit: (u) => {
            setEditing(u);
            setFormOpen(true);
          },
          extra: [{ label: t('users.changePassword.action'), icon: KeyRoundIcon, onSelect: setPasswordFor, qa: 'row-action-change-password' }],
          onDelete: setDeleting,
          // The server refuses deleting oneself; do not offer it.
          canDelete: (u) => u.userId !== me?.userId,
        }}
      />
      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} mode={mode} kitaId={kitaId} />
      <ChangePasswordDialog user={passwordFor} onOpenChange={(open) => !open && setPasswordFor(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        description={deleting ? t('users.deleteDescription', { name: deleting.name }) : undefined}
      />
    </>
  );
}
