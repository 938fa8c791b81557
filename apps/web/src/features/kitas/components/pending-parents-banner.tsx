import { UserPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** Shown while parents wait for approval; links to the Kita's registration list (relative route). */
export function PendingParentsBanner({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Alert data-qa="pending-parents-banner" role="status" className="border-primary/70 bg-primary/10">
      <UserPlusIcon aria-hidden="true" />
      <AlertTitle>{t('kitas.dashboard.pendingTitle', { count })}</AlertTitle>
      <AlertDescription>
        <p>{t('kitas.dashboard.pendingText')}</p>
        <Link to="../registration" className="text-foreground font-medium underline underline-offset-4 hover:no-underline" data-qa="pending-parents-link">
          {t('kitas.dashboard.pendingLink')}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
