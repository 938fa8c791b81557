import { useTranslation } from 'react-i18next';
import type { EventStatus, EventType, PreferenceType } from '@kita/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Type badge of the events list ("type badge"). */
export function EventTypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation();
  return (
    <Badge variant={type === 'immediate' ? 'destructive' : 'secondary'} data-qa={`event-type-${type}`}>
      {t(`events.type.${type}`)}
    </Badge>
  );
}

export function EventStatusBadge({ status, isFinished }: { status: EventStatus; isFinished: boolean }) {
  const { t } = useTranslation();
  const shown = isFinished ? 'finished' : status;
  return (
    <Badge variant={shown === 'finished' ? 'success' : shown === 'open' ? 'default' : 'outline'} data-qa={`event-status-${shown}`}>
      {t(`events.status.${shown}`)}
    </Badge>
  );
}

/** Traffic-light colours; text colours keep a 4.5:1 contrast on their backgrounds. */
export const COLOUR_CLASSES: Record<PreferenceType | 'unanswered', string> = {
  red: 'bg-red-600 text-white border-transparent',
  yellow: 'bg-yellow-300 text-stone-900 border-transparent',
  green: 'bg-green-700 text-white border-transparent',
  blue: 'bg-blue-700 text-white border-transparent',
  unanswered: 'bg-muted text-muted-foreground border-transparent',
};

export function PreferenceBadge({ type, className }: { type: PreferenceType | null; className?: string }) {
  const { t } = useTranslation();
  const key = type ?? 'unanswered';
  return (
    <Badge className={cn(COLOUR_CLASSES[key], className)} data-qa={`preference-${key}`}>
      {type ? t(`events.colours.${type}`) : t('events.responses.none')}
    </Badge>
  );
}
