import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { ChildHistoryCard } from '../components/child-history-card';
import { OpenInquiries } from '../components/open-inquiries';
import { useParentHistory } from '../queries';

/**
 * /parents/{parentId}/history (Parent only): first the open inquiries that ask the family, with
 * the answer buttons of /preference; then the answers and slots, one card per child, newest
 * inquiry first (server order).
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { parentId = '' } = useParams();
  const history = useParentHistory(parentId);

  return (
    <div className="flex flex-col gap-6" data-qa="history-page">
      <PageHeader title={t('results.history.title')} description={t('results.history.description')} />
      <OpenInquiries parentId={parentId} />
      <h2 className="sr-only">{t('results.history.pastTitle')}</h2>
      {history.isLoading ? (
        <LoadingState />
      ) : history.error || !history.data ? (
        <ErrorState title={t('results.history.loadFailed')} error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-muted-foreground text-sm" data-qa="history-no-children">
          {t('results.history.noChildren')}
        </p>
      ) : (
        history.data.map((child) => <ChildHistoryCard key={child.childId} child={child} parentId={parentId} />)
      )}
    </div>
  );
}
