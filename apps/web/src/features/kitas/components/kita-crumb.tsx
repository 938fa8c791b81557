import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { useKitas } from '../queries';

/**
 * Breadcrumb label of /kitas/{kitaId}: the Kita's name from the (cached, cheap) Kita list. Parents
 * may not read the list, so they see the generic label.
 */
export function KitaCrumb({ kitaId }: { kitaId: string | undefined }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const staff = user?.role === 'Admin' || user?.role === 'KitaManager';
  const kitas = useKitas({ enabled: staff });
  const name = kitas.data?.find((kita) => kita.kitaId === kitaId)?.kitaName;
  return <>{name ?? t('nav.crumbs.kita')}</>;
}
