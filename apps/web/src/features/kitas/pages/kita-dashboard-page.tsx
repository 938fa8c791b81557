import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { DeliveryFailuresBanner } from '@/features/events/components/delivery-failures-banner';
import { KitaEventsCard } from '@/features/events/components/kita-events-card';
import { ErrorState, LoadingState, NotFound } from '@/components/states';
import { ApiError } from '@/lib/api';
import { homePathFor, useAuth } from '@/lib/auth';
import { PendingParentsBanner } from '../components/pending-parents-banner';
import { RegistrationCard } from '../components/registration-card';
import { useKita } from '../queries';

/** /kitas/{kitaId}/d: heading, pending-parents banner, the events list and the registration card. */
export default function KitaDashboardPage() {
  const { t } = useTranslation();
  const { kitaId = '' } = useParams();
  const { user } = useAuth();
  const kita = useKita(kitaId);

  if (kita.isPending) return <LoadingState />;
  if (kita.isError) {
    if (kita.error instanceof ApiError && (kita.error.status === 404 || kita.error.status === 400)) {
      return <NotFound asPage message={t('kitas.notFound', { id: kitaId })} homeTo={homePathFor(user)} />;
    }
    return <ErrorState asPage title={t('kitas.fetchFailed')} error={kita.error} onRetry={() => void kita.refetch()} />;
  }
  const data = kita.data;

  return (
    <>
      <PageHeader title={data.kitaName} description={data.location} />
      <PendingParentsBanner count={data.registeredParents} />
      <DeliveryFailuresBanner kitaId={kitaId} />
      {/* Side by side only from 1536 px: at 1280 px beside the sidebar the inquiry table was cut after "Plätze". */}
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6" data-qa="dashboard-events">
          <KitaEventsCard kitaId={kitaId} />
        </div>
        <div className="w-full max-w-xl 2xl:max-w-none">
          <RegistrationCard kita={data} />
        </div>
      </div>
    </>
  );
}
