import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EventsTable } from '../components/events-table';

/** /kitas/{kitaId}/e: the Kita's demand inquiries. */
export default function EventsPage() {
  const { t } = useTranslation();
  const { kitaId = '' } = useParams();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('events.list.title')} description={t('events.list.description')} />
      <EventsTable kitaId={kitaId} />
    </div>
  );
}
