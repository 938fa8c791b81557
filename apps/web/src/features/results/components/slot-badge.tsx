import { useTranslation } from 'react-i18next';
import type { HasSlot } from '@kita/shared';
import { Badge } from '@/components/ui/badge';

/**
 * "Slot assigned" as a badge (hasSlot JA = yes, NEIN = no, otherwise unknown); a place the
 * family gave back reads "returned", not a plain "no".
 */
export function SlotBadge({ hasSlot, released = false }: { hasSlot: HasSlot | null | undefined; released?: boolean }) {
  const { t } = useTranslation();
  if (released) {
    return (
      <Badge variant="outline" data-qa="slot-released">
        {t('results.slot.released')}
      </Badge>
    );
  }
  const key = hasSlot ?? 'unknown';
  return (
    <Badge variant={key === 'JA' ? 'success' : key === 'NEIN' ? 'secondary' : 'outline'} data-qa={`slot-${key}`}>
      {t(`results.slot.${key}`)}
    </Badge>
  );
}
