import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Card, CardContent } from '@/components/ui/card';
import { FailedAccountMailsCard } from '@/features/kitas/components/failed-account-mails-card';
import { StaffTable } from '../components/staff-table';
import { useUsers } from '../queries';

/** /users (Admin): every staff user with name, e-mail, phone, role and (for managers) their Kita. */
export default function UsersPage() {
  const { t } = useTranslation();
  const users = useUsers();

  return (
    <>
      <PageHeader title={t('users.list.title')} description={t('users.list.description')} />
      <FailedAccountMailsCard />
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
