import { useTranslation } from 'react-i18next';
import type { Role } from '@kita/shared';
import { Badge } from '@/components/ui/badge';

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge variant={role === 'Admin' ? 'default' : 'secondary'} data-qa={`role-${role}`}>
      {t(`nav.roles.${role}`)}
    </Badge>
  );
}
