import { useTranslation } from 'react-i18next';
import type { FamilyDeliveryState } from '@kita/shared';
import { Badge } from '@/components/ui/badge';

/** Colours that keep 4.5:1 contrast in both themes; failures stand out, delivered reads as done. */
export const STATE_CLASSES: Record<FamilyDeliveryState, string> = {
  delivered: 'border-green-700/40 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  sent: 'border-sky-700/40 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  pending: 'border-stone-400 bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  failed: 'border-red-700/50 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  no_channel: 'border-amber-700/50 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

export function DeliveryStateBadge({ state }: { state: FamilyDeliveryState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className={STATE_CLASSES[state]} data-qa={`delivery-state-${state}`}>
      {t(`delivery.states.${state}`)}
    </Badge>
  );
}
