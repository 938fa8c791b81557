import { useTranslation } from 'react-i18next';
import type { EventChild, EventDetails, PreferenceType } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useRecordAnswer } from '../queries';
import { COLOUR_CLASSES } from './event-badges';

/** Staff record a child's answer (a family that phoned, an anonymous family). */
export function RecordAnswerDialog({
  event,
  child,
  onOpenChange,
}: {
  event: EventDetails;
  child: EventChild | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const record = useRecordAnswer(event.eventId);
  const options: PreferenceType[] = event.eventType === 'immediate' ? ['red', 'yellow', 'green', 'blue'] : ['red', 'yellow', 'green'];

  const choose = async (preferenceType: PreferenceType) => {
    if (!child) return;
    try {
      await record.mutateAsync({ childId: child.childId, preferenceType });
      notifySuccess(t('events.responses.recorded'));
      onOpenChange(false);
    } catch (error) {
      notifyError(t('events.responses.recordFailed'), error);
    }
  };

  return (
    <Dialog open={!!child} onOpenChange={(open) => !record.isPending && onOpenChange(open)}>
      <DialogContent data-qa="record-answer-dialog">
        <DialogHeader>
          <DialogTitle>{t('events.responses.recordTitle', { child: child?.childName ?? '' })}</DialogTitle>
          <DialogDescription>{t('events.responses.recordText')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((type) => (
            <Button
              key={type}
              type="button"
              disabled={record.isPending}
              aria-pressed={child?.preferenceType === type}
              onClick={() => void choose(type)}
              className={cn('h-auto min-h-12 flex-col items-start gap-0 py-2 text-left whitespace-normal hover:ring-ring hover:ring-2', COLOUR_CLASSES[type], child?.preferenceType === type && 'ring-ring ring-2 ring-offset-2')}
              data-qa={`record-${type}`}
            >
              <span className="font-semibold">{t(`events.colours.${type}`)}</span>
              <span className="text-xs">{t(`events.colourMeaning.${type}`)}</span>
            </Button>
          ))}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={record.isPending}>
            {t('common.actions.cancel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
