import { useTranslation } from 'react-i18next';
import { useGroup } from '../queries';

/** Breadcrumb label of g/{groupId}: the group's name once loaded (shares the page's query). */
export function GroupCrumb({ groupId, kitaId }: { groupId: string | undefined; kitaId: string | undefined }) {
  const { t } = useTranslation();
  const group = useGroup(groupId, kitaId);
  return <>{group.data?.groupName ?? t('groups.columns.groupName')}</>;
}
