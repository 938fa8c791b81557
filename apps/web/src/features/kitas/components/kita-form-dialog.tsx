import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { kitaInputSchema, PUSH_IMMEDIATE_MINUTES, PUSH_PLANNED_MINUTES, type Kita } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveKita } from '../queries';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';

/** The minute fields are typed as text and checked as whole numbers in the Kita's range. */
const minutesField = (range: { min: number; max: number }, message: string) =>
  z.string().trim().regex(/^\d{1,4}$/, message).refine((v) => Number(v) >= range.min && Number(v) <= range.max, message);

const kitaFormSchema = kitaInputSchema.extend({
  pushEscalationImmediateMinutes: minutesField(PUSH_IMMEDIATE_MINUTES, 'validation.pushImmediateMinutes'),
  pushEscalationPlannedMinutes: minutesField(PUSH_PLANNED_MINUTES, 'validation.pushPlannedMinutes'),
});

const formValues = (kita?: Kita | null) => ({
  kitaName: kita?.kitaName ?? '',
  location: kita?.location ?? '',
  description: kita?.description ?? '',
  remindersEnabled: kita?.remindersEnabled ?? true,
  pushMode: kita?.pushMode ?? ('first' as const),
  pushEscalationImmediateMinutes: String(kita?.pushEscalationImmediateMinutes ?? PUSH_IMMEDIATE_MINUTES.default),
  pushEscalationPlannedMinutes: String(kita?.pushEscalationPlannedMinutes ?? PUSH_PLANNED_MINUTES.default),
});

type FormValues = ReturnType<typeof formValues>;

/** Add (no `kita`) or edit a Kita: name, location, description (name and location required). */
export function KitaFormDialog({ open, onOpenChange, kita }: { open: boolean; onOpenChange: (open: boolean) => void; kita?: Kita | null }) {
  const { t } = useTranslation();
  const save = useSaveKita();
  const editing = !!kita;
  const form = useForm({
    // The resolver's output (trimmed, empty description -> null) is what the API takes.
    resolver: zodResolver(kitaFormSchema) as unknown as Resolver<FormValues>,
    defaultValues: formValues(),
  });

  React.useEffect(() => {
    if (open) form.reset(formValues(kita));
  }, [open, kita, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      // Keep the Kita's time zone when editing (the form does not show it).
      const input = {
        ...values,
        pushEscalationImmediateMinutes: Number(values.pushEscalationImmediateMinutes),
        pushEscalationPlannedMinutes: Number(values.pushEscalationPlannedMinutes),
      };
      await save.mutateAsync({ kitaId: kita?.kitaId, input: { ...input, ...(kita ? { timezone: kita.timezone } : {}) } });
      notifySuccess(t(editing ? 'kitas.toast.updated' : 'kitas.toast.created'));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t(editing ? 'kitas.toast.updateFailed' : 'kitas.toast.createFailed'), error);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(editing ? 'kitas.form.titleEdit' : 'kitas.form.titleAdd')}
      description={t('kitas.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="kita-form"
    >
      <TextField control={form.control} name="kitaName" label={t('kitas.form.kitaName')} placeholder={t('kitas.form.kitaNamePlaceholder')} qa="kita-name" autoFocus />
      <TextField control={form.control} name="location" label={t('kitas.form.location')} placeholder={t('kitas.form.locationPlaceholder')} qa="kita-location" />
      <TextareaField
        control={form.control}
        name="description"
        label={t('kitas.form.kitaDescription')}
        description={t('kitas.form.kitaDescriptionHint')}
        rows={3}
        qa="kita-description"
      />
      <SwitchField control={form.control} name="remindersEnabled" label={t('kitas.form.remindersEnabled')} description={t('kitas.form.remindersEnabledHint')} qa="kita-reminders" />
      <SelectField
        control={form.control}
        name="pushMode"
        label={t('kitas.form.pushMode')}
        description={t('kitas.form.pushModeHint')}
        options={[
          { value: 'first', label: t('kitas.form.pushModeFirst') },
          { value: 'extra', label: t('kitas.form.pushModeExtra') },
        ]}
        qa="kita-push-mode"
      />
      <TextField
        control={form.control}
        name="pushEscalationImmediateMinutes"
        label={t('kitas.form.pushImmediateMinutes')}
        description={t('kitas.form.pushImmediateMinutesHint')}
        inputMode="numeric"
        qa="kita-push-immediate"
      />
      <TextField
        control={form.control}
        name="pushEscalationPlannedMinutes"
        label={t('kitas.form.pushPlannedMinutes')}
        description={t('kitas.form.pushPlannedMinutesHint')}
        inputMode="numeric"
        qa="kita-push-planned"
      />
    </FormDialog>
  );
}
