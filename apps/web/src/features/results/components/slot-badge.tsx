import { useTranslation } from 'react-i18next';
import type { HasSlot } from '@kita/shared';
import { Badge } from '@/components/ui/badge';

/** "Slot assigned" as a badge (spec: hasSlot JA = yes, NEIN = no, otherwise unknown). */
export function SlotBadge({ hasSlot }: { hasSlot: HasSlot | null | undefined }) {
  const { t } = useTranslation();
  const key = hasSlot ?? 'unknown';
  return (
    <Badge variant={key === 'JA' ? 'success' : key === 'NEIN' ? 'secondary' : 'outline'} data-qa={`slot-${key}`}>
      {t(`results.slot.${key}`)}
    </Badge>
  );
}
