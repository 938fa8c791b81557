import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/status-page';

/** /unauthorized: the button leads a parent to their profile, a manager to their Kita, others to /. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage qa="unauthorized" icon={<ShieldAlertIcon className="size-7" aria-hidden="true" />} title={t('auth.unauthorized.title')} home={t('auth.unauthorized.button')}>
      <p data-qa="unauthorized-text">{t('auth.unauthorized.text')}</p>
    </StatusPage>
  );
}
