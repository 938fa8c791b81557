import { FileQuestionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage, StatusCard } from '@/components/centered-page';
import { Button } from '@/components/ui/button';
import { homePathFor, useAuth } from '@/lib/auth';

/** Any path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <CenteredPage>
      <StatusCard
        qa="not-found-page"
        icon={<FileQuestionIcon className="size-7" aria-hidden="true" />}
        title={t('common.state.notFoundTitle')}
        actions={
          <Button asChild>
            <Link to={user ? homePathFor(user) : '/'} data-qa="not-found-home">
              {t('common.actions.home')}
            </Link>
          </Button>
        }
      >
        <p>{t('common.state.notFoundText')}</p>
      </StatusCard>
    </CenteredPage>
  );
}
