import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { StatusPage } from '../components/status-page';

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
  const location = useLocation();
  const message = messageFrom(location.state) ?? t('auth.error.default');
  return (
    <StatusPage qa="error" icon={<AlertTriangleIcon className="size-7" aria-hidden="true" />} title={t('auth.error.title')} home={t('auth.error.home')}>
      <p data-qa="error-message">{message}</p>
    </StatusPage>
  );
}
