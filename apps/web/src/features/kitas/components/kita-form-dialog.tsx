import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { kitaInputSchema, type Kita } from '@kita/shared';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveKita } from '../queries';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';

/** Add (no `kita`) or edit a Kita: name, location, description (name and location required). */
export function KitaFormDialog({ open, onOpenChange, kita }: { open: boolean; onOpenChange: (open: boolean) => void; kita?: Kita | null }) {
  const { t } = useTranslation();
  const save = useSaveKita();
  const editing = !!kita;
  const form = useForm({
    resolver: zodResolver(kitaInputSchema),
    defaultValues: { kitaName: '', location: '', description: '', remindersEnabled: true },
  });

  React.useEffect(() => {
    if (open) form.reset({ kitaName: kita?.kitaName ?? '', location: kita?.location ?? '', description: kita?.description ?? '', remindersEnabled: kita?.remindersEnabled ?? true });
  }, [open, kita, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      // Keep the Kita's time zone when editing (the form does not show it).
      await save.mutateAsync({ kitaId: kita?.kitaId, input: { ...values, ...(kita ? { timezone: kita.timezone } : {}) } });
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
    </FormDialog>
  );
}
