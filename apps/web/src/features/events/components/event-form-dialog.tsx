import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, type EventSummary } from '@kita/shared';
import { useCareDays } from '@/hooks/use-care-days';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';
import { DateField } from '@/components/form/date-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { TimeField } from '@/components/form/time-field';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { ApiError } from '@/lib/api';
import { formatWith } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { browserTimeZone, carePreview, emptyEventForm, eventFormSchema, eventToForm, formToInput, lastEventYear, type EventFormValues } from '../event-form';
import { useEventDetails, useKitaCategories, useKitaTimeZone, useSaveEvent } from '../queries';
import { SmsEstimateLine } from './sms-estimate-line';

const IMMEDIATE_MINUTES = LIMITS.immediateEventMinutes;

/** Add/edit dialog of an emergency event (the inquiry rules of docs/domain.md "Validation"). */
export function EventFormDialog({
  open,
  onOpenChange,
  kitaId,
  event,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kitaId: string;
  /** Edit mode when given. */
  event?: EventSummary;
  onSaved?: (event: EventSummary) => void;
}) {
  const { t } = useTranslation();
  const categories = useKitaCategories(open ? kitaId : undefined);
  const save = useSaveEvent();
  // An open event keeps its start (the parents were notified then).
  const startLocked = !!event && event.status !== 'scheduled';
  // With answers, category and type stay (the server refuses EVENT_HAS_ANSWERS): the fields say why
  // instead of offering a change that fails. A scheduled inquiry has no answers.
  const details = useEventDetails(open && startLocked ? event.eventId : undefined, kitaId).data?.eventDetails;
  const answers = details ? details.counts.red + details.counts.yellow + details.counts.green + details.counts.blue : 0;
  const answersLock = answers > 0;
  // Picked times are wall-clock times of the Kita (of the event when editing), not of this browser.
  const kitaZone = useKitaTimeZone(open ? kitaId : undefined).data;
  const timeZone = event?.timezone ?? kitaZone;
  const schema = React.useMemo(() => eventFormSchema({ startLocked, timeZone }), [startLocked, timeZone]);
  const form = useForm<EventFormValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: event ? eventToForm(event) : emptyEventForm(),
  });
  React.useEffect(() => {
    if (open) form.reset(event ? eventToForm(event) : emptyEventForm());
  }, [open, event, form]);

  const [eventType, categoryId, eventDay] = useWatch({ control: form.control, name: ['eventType', 'categoryId', 'eventDay'] });
  const category = categories.data?.find((c) => c.categoryId === categoryId)?.categoryName;
  const today = React.useMemo(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), d.getDate());
  }, []);
  // A one-day strike ends on its own day (care-days.ts).
  const minExpire = eventDay && eventDay > today ? eventDay : today;
  const care = useCareDays();
  const [eventTime, expireDay, expireTime, deadlineDay, deadlineTime, opensDay, opensTime] = useWatch({
    control: form.control,
    name: ['eventTime', 'expireDay', 'expireTime', 'deadlineDay', 'deadlineTime', 'opensDay', 'opensTime'],
  });
  // The sentence of the inquiry messages, from the same shared function (null until both care dates are set).
  const preview = carePreview(
    { eventDay, eventTime, expireDay, expireTime, deadlineDay, deadlineTime, opensDay: startLocked ? undefined : opensDay, opensTime },
    timeZone ?? browserTimeZone(),
    event && startLocked ? new Date(event.opensAt) : new Date(),
  );
  const until = formatWith(new Date(Date.now() + IMMEDIATE_MINUTES * 60_000), 'HH:mm');

  // A second running inquiry of the category with overlapping care days: the server names the
  // first one, the manager confirms (or not) in an alert dialog, and the form is sent again.
  const [overlap, setOverlap] = React.useState<{ message: string; values: EventFormValues } | null>(null);

  const send = async (values: EventFormValues, confirmOverlap = false) => {
    try {
      const input = { ...formToInput(values, kitaId, category, event, timeZone), ...(confirmOverlap ? { confirmOverlap: true } : {}) };
      const saved = await save.mutateAsync({ eventId: event?.eventId, input });
      notifySuccess(t(event ? 'events.form.updated' : 'events.form.created'));
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EVENT_OVERLAP' && !confirmOverlap) {
        setOverlap({ message: error.message, values });
        return;
      }
      applyServerErrors(form, error, { eventDate: 'eventDay', expireDate: 'expireDay', responseDeadline: 'deadlineDay', opensAt: 'opensDay' });
      notifyError(t(event ? 'events.form.updateFailed' : 'events.form.createFailed'), error);
    }
  };
  const submit = form.handleSubmit((values) => send(values));

  const pending = save.isPending;
  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t(event ? 'events.form.editTitle' : 'events.form.addTitle')}
        description={t('events.form.description')}
        form={form}
        onSubmit={submit}
        pending={pending}
        submitDisabled={!form.formState.isValid}
        submitLabel={event ? t('common.actions.save') : t('events.form.create')}
        qa="event-form"
        dialogQa="event-form-dialog"
        formQa="event-form"
        className="max-h-[90svh] overflow-y-auto sm:max-w-xl"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="categoryId"
            label={t('events.form.category')}
            placeholder={t('events.form.categoryPlaceholder')}
            options={(categories.data ?? []).map((c) => ({ value: c.categoryId, label: c.categoryName }))}
            disabled={answersLock}
            description={answersLock ? t('events.form.answersLock', { count: answers }) : undefined}
          />
          <SelectField
            control={form.control}
            name="eventType"
            label={t('events.form.eventType')}
            disabled={answersLock}
            description={answersLock ? t('events.form.answersLock', { count: answers }) : undefined}
            options={[
              { value: 'immediate', label: t('events.type.immediate') },
              { value: 'future', label: t('events.type.future') },
            ]}
          />
        </div>
        {eventType === 'immediate' ? (
          <p className="bg-muted rounded-md p-3 text-sm" data-qa="event-immediate-hint">
            {t('events.form.immediateHint', { minutes: IMMEDIATE_MINUTES, until })}
          </p>
        ) : (
          <>
            <p className="text-muted-foreground text-sm">{t('events.form.futureHint')}</p>
            <fieldset className="grid gap-4 sm:grid-cols-2" data-qa="event-care-fields">
              <legend className="mb-2 text-sm font-medium">{t('events.form.careLegend')}</legend>
              <DateField control={form.control} name="eventDay" label={t('events.form.eventDate')} minDate={today} toYear={lastEventYear()} />
              <TimeField control={form.control} name="eventTime" label={t('events.form.eventTime')} />
              <DateField control={form.control} name="expireDay" label={t('events.form.expireDate')} minDate={minExpire} toYear={lastEventYear()} />
              <TimeField control={form.control} name="expireTime" label={t('events.form.expireTime')} />
              <div className="bg-muted rounded-md p-3 text-sm sm:col-span-2" data-qa="event-care-preview" aria-live="polite">
                <p className="text-muted-foreground text-xs font-medium">{t('events.form.preview')}</p>
                <p className="font-medium" data-qa="event-care-preview-text">
                  {preview ? t('events.form.previewText', { careDays: care.period(preview), deadline: care.deadline(preview) }) : '–'}
                </p>
                <p className="text-muted-foreground mt-1 text-xs">{t('events.form.previewHint')}</p>
              </div>
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2" data-qa="event-answer-fields">
              <legend className="mb-2 text-sm font-medium">{t('events.form.answerLegend')}</legend>
              <DateField control={form.control} name="deadlineDay" label={t('events.form.deadlineDate')} description={t('events.form.deadlineHint')} minDate={today} toYear={lastEventYear()} />
              <TimeField control={form.control} name="deadlineTime" label={t('events.form.deadlineTime')} />
              <DateField control={form.control} name="opensDay" label={t('events.form.opensDate')} description={startLocked ? t('events.form.startLocked') : t('events.form.opensHint')} minDate={today} toYear={lastEventYear()} disabled={startLocked} />
              <TimeField control={form.control} name="opensTime" label={t('events.form.opensTime')} disabled={startLocked} />
            </fieldset>
          </>
        )}
        {category === 'Kindergarten' && (
          <TextField control={form.control} name="totalSlotsKindergarten" label={t('events.form.totalSlotsKindergarten')} description={t('events.form.slotsHint')} inputMode="numeric" />
        )}
        {category === 'Krippe' && (
          <TextField control={form.control} name="totalSlotsKrippe" label={t('events.form.totalSlotsKrippe')} description={t('events.form.slotsHint')} inputMode="numeric" />
        )}
        <TextareaField control={form.control} name="description" label={t('events.form.text')} placeholder={t('events.form.textPlaceholder')} rows={3} />
        {/* Before sending: what the inquiry will cost in SMS (an inquiry already sent has cost it). */}
        {!startLocked && <SmsEstimateLine kitaId={kitaId} categoryId={categoryId} eventType={eventType} dates={preview} />}
      </FormDialog>
      <AlertDialog open={!!overlap} onOpenChange={(next) => !next && setOverlap(null)}>
        <AlertDialogContent data-qa="event-overlap-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('events.form.overlapTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{overlap?.message}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel data-qa="event-overlap-cancel">{t('common.actions.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              data-qa="event-overlap-confirm"
              onClick={() => {
                const values = overlap?.values;
                setOverlap(null);
                if (values) void send(values, true);
              }}
            >
              {t('events.form.overlapConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
