import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CenteredPage, StatusCard } from '@/components/centered-page';
import { Button } from '@/components/ui/button';
import { homePathFor, useAuth } from '@/lib/auth';

/** Reads `{ message }` from navigation state: `navigate('/error', { state: { message } })`. */
function messageFrom(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'message' in state) {
    const { message } = state as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** /error: "Oops! Something went wrong" with the handed-over message and a Home button. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const message = messageFrom(location.state) ?? t('auth.error.default');
  return (
    <CenteredPage>
      <StatusCard
        qa="error-page"
        icon={<AlertTriangleIcon className="size-7" aria-hidden="true" />}
        title={t('auth.error.title')}
        actions={
          <Button asChild>
            <Link to={user ? homePathFor(user) : '/'} data-qa="error-home">
              {t('auth.error.home')}
            </Link>
          </Button>
        }
      >
        <p data-qa="error-message">{message}</p>
      </StatusCard>
    </CenteredPage>
  );
}
