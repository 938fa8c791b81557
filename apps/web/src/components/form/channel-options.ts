import type { TFunction } from 'i18next';
import type { SelectOption } from './select-field';

/** The two ways a parent is notified, as select options (parent form, registration). */
export function channelOptions(t: TFunction): SelectOption[] {
  return [
    { value: 'email', label: t('parents.communication.email') },
    { value: 'sms', label: t('parents.communication.sms') },
  ];
}
