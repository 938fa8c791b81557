import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage, StatusCard } from '@/components/centered-page';
import { Button } from '@/components/ui/button';
import { homePathFor, useAuth } from '@/lib/auth';

/** /unauthorized: the button leads a parent to their profile, a manager to their Kita, others to /. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const home = user ? homePathFor(user) : '/';
  return (
    <CenteredPage>
      <StatusCard
        qa="unauthorized-page"
        icon={<ShieldAlertIcon className="size-7" aria-hidden="true" />}
        title={t('auth.unauthorized.title')}
        actions={
          <Button asChild>
            <Link to={home} data-qa="unauthorized-home">
              {t('auth.unauthorized.button')}
            </Link>
          </Button>
        }
      >
        <p data-qa="unauthorized-text">{t('auth.unauthorized.text')}</p>
      </StatusCard>
    </CenteredPage>
  );
}
