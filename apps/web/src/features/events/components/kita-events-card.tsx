import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EventsTable } from './events-table';

/** The events list on the Kita dashboard. */
export function KitaEventsCard({ kitaId }: { kitaId: string }) {
  const { t } = useTranslation();
  return (
    <Card data-qa="dashboard-events-card">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('events.dashboard.title')}</h2>
        </CardTitle>
        <CardAction>
          <Button variant="link" asChild>
            <Link to={`/kitas/${kitaId}/e`} data-qa="dashboard-events-all">
              {t('events.dashboard.all')}
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <EventsTable kitaId={kitaId} height={360} />
      </CardContent>
    </Card>
  );
}
