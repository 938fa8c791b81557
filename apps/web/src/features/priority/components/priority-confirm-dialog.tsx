import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoDateSchema, priorityConfirmInputSchema, type ParentDetails, type PriorityConfirmation, type PriorityGroup } from '@kita/shared';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { applyServerErrors } from '@/components/form/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmPriority } from '../queries';

/** The Select needs a value for "the whole family"; it is sent as no childId. */
const WHOLE_FAMILY = 'family';

const formSchema = priorityConfirmInputSchema.extend({ validUntil: isoDateSchema, child: z.string() }).omit({ childId: true });

/**
 * Confirms the family (or one child) for one of the Kita's priority groups until a day; a
 * confirmation in force is replaced (the server ends it in the same step).
 */
export function PriorityConfirmDialog({
  open,
  onOpenChange,
  parent,
  groups,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parent: Pick<ParentDetails, 'parentId' | 'children'>;
  groups: PriorityGroup[];
  current: PriorityConfirmation | null;
}) {
  const { t } = useTranslation();
  const save = useConfirmPriority();
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { groupId: '', validUntil: '', note: '', child: WHOLE_FAMILY } });

  React.useEffect(() => {
    if (open) {
      form.reset({
        groupId: current?.group?.groupId ?? groups[0]?.groupId ?? '',
        validUntil: current?.validUntil ?? '',
        note: current?.note ?? '',
        child: current?.childId ?? WHOLE_FAMILY,
      });
    }
  }, [open, current, groups, form]);

  const submit = form.handleSubmit(async ({ child, ...values }) => {
    try {
      await save.mutateAsync({ parentId: parent.parentId, input: { ...values, note: values.note || null, childId: child === WHOLE_FAMILY ? null : child } });
      notifySuccess(t('priority.toast.confirmed'));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t('priority.toast.confirmFailed'), error);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('priority.form.title')}
      description={t('priority.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={t('priority.form.submit')}
      qa="priority-form"
    >
      <SelectField
        control={form.control}
        name="groupId"
        label={t('priority.form.group')}
        options={groups.map((g) => ({ value: g.groupId, label: `${g.position}. ${g.name}` }))}
        qa="priority-group"
      />
      {parent.children.length > 1 && (
        <SelectField
          control={form.control}
          name="child"
          label={t('priority.form.child')}
          options={[
            { value: WHOLE_FAMILY, label: t('priority.form.wholeFamily') },
            ...parent.children.map((c) => ({ value: c.childId, label: c.childName })),
          ]}
          qa="priority-child"
        />
      )}
      <TextField control={form.control} name="validUntil" type="date" label={t('priority.form.validUntil')} qa="priority-valid-until" />
      <TextareaField control={form.control} name="note" label={t('priority.form.note')} placeholder={t('priority.form.notePlaceholder')} rows={2} qa="priority-note" />
    </FormDialog>
  );
}
