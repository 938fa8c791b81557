import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/states';
import { Card, CardContent } from '@/components/ui/card';
import { childRow, ChildrenTable, type ChildRow } from '../components/children-table';
import { useKitaChildren } from '../queries';

/** Children page of a Kita: searchable table with add, edit and delete. */
export default function ChildrenPage() {
  const { t } = useTranslation();
  const kitaId = useParams().kitaId ?? '';
  const children = useKitaChildren(kitaId);
  const rows: ChildRow[] | undefined = children.data?.map((c) => childRow(c, { parentId: c.parentId, name: c.parent.name, phone: c.parent.primaryPhoneNumber }));

  return (
    <div className="flex flex-col gap-6" data-qa="children-page">
      <PageHeader title={t('children.list.title')} description={t('children.list.description')} />
      <Card>
        <CardContent>
          {children.error ? (
            <ErrorState title={t('children.list.loadFailed')} error={children.error} onRetry={() => void children.refetch()} />
          ) : (
            <ChildrenTable rows={rows} isLoading={children.isLoading} kitaId={kitaId} label={t('children.list.title')} searchable showParent />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
