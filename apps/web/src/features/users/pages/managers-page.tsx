import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, NotFound } from '@/components/states';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { StaffTable } from '../components/staff-table';
import { useUsers } from '../queries';

/** /kitas/{kitaId}/mg: the Kita's managers (name, e-mail); add, edit, delete, change password. */
export default function ManagersPage() {
  const { t } = useTranslation();
  const { kitaId = '' } = useParams();
  const managers = useUsers(kitaId);

  if (managers.isError) {
    if (managers.error instanceof ApiError && (managers.error.status === 404 || managers.error.status === 400)) {
      return <NotFound asPage message={t('kitas.notFound', { id: kitaId })} />;
    }
    return <ErrorState asPage message={t('users.list.loadFailed')} error={managers.error} onRetry={() => void managers.refetch()} />;
  }

  return (
    <>
      <PageHeader title={t('users.managers.title')} description={t('users.managers.description')} />
      <Card>
        <CardContent>
          <StaffTable
            qa="manager-table"
            label={t('users.managers.title')}
            users={managers.data}
            isLoading={managers.isPending}
            mode="manager"
            kitaId={kitaId}
            addLabel={t('users.managers.add')}
            emptyText={t('users.managers.empty')}
          />
        </CardContent>
      </Card>
    </>
  );
}
