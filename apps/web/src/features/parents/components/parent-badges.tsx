import { useTranslation } from 'react-i18next';
import type { Parent } from '@kita/shared';
import { Badge } from '@/components/ui/badge';

/** Active/inactive badge of the account (accountStatus). */
export function AccountStatusBadge({ status }: { status: Parent['accountStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant={status === 'active' ? 'success' : 'muted'} data-qa="account-status">
      {t(`parents.accountStatus.${status}`)}
    </Badge>
  );
}

/** 'E-Mail' / 'SMS', or '-' when the parent has no preference. */
export function communicationLabel(t: (key: 'parents.communication.email' | 'parents.communication.sms' | 'parents.communication.none') => string, value: Parent['preferredCommunication']) {
  return value ? t(`parents.communication.${value}`) : t('parents.communication.none');
}
