import { MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatWith } from '@/lib/format';
import { useDeliveryFailures } from '../queries';

/** The dashboard's warning: inquiries of this Kita with families a message did not reach (open ones: the inquiry; closed ones: the result and later messages). */
export function DeliveryFailuresBanner({ kitaId }: { kitaId: string }) {
  const { t } = useTranslation();
  const failures = useDeliveryFailures();
  const own = (failures.data ?? []).filter((f) => f.kitaId === kitaId);
  if (own.length === 0) return null;
  return (
    <Alert variant="destructive" role="status" data-qa="delivery-failures-banner">
      <MailWarningIcon aria-hidden="true" />
      <AlertTitle>{t('delivery.dashboard.title', { count: own.length })}</AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-0.5">
          {own.map((f) => (
            <li key={f.eventId}>
              <Link to={`/kitas/${kitaId}/e/${f.eventId}`} className="font-medium underline underline-offset-4 hover:no-underline" data-qa="delivery-failures-link">
                {t(f.finished ? 'delivery.dashboard.lineFinished' : 'delivery.dashboard.line', {
                  category: f.category,
                  date: formatWith(f.eventDate, 'dd.MM.yyyy, HH:mm', f.timezone),
                  count: f.failedFamilies,
                })}
              </Link>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
