import { useTranslation } from 'react-i18next';
import { useParent } from '../queries';

/** Breadcrumb label of a parent's details: the name once loaded (shares the page's query). */
export function ParentCrumb({ parentId, kitaId }: { parentId: string | undefined; kitaId: string | undefined }) {
  const { t } = useTranslation();
  const parent = useParent(parentId ?? '', kitaId ?? null);
  return <>{parent.data?.name ?? t('parents.details.name')}</>;
}
