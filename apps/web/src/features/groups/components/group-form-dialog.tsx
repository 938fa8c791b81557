import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupInputSchema, type Category, type Group } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';
import { useSaveGroup } from '../queries';

/**
 * Add a group to a category or edit one (name, and the category within the same Kita when
 * `categories` lists more than one).
 */
export function GroupFormDialog({
  open,
  onOpenChange,
  categoryId,
  group,
  categories = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categoryId: string;
  group?: Group | null;
  categories?: Pick<Category, 'categoryId' | 'categoryName'>[];
}) {
  const { t } = useTranslation();
  const save = useSaveGroup();
  const editing = !!group;
  const form = useForm({ resolver: zodResolver(groupInputSchema), defaultValues: { groupName: '', categoryId } });

  React.useEffect(() => {
    if (open) form.reset({ groupName: group?.groupName ?? '', categoryId: group?.categoryId ?? categoryId });
  }, [open, group, categoryId, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ groupId: group?.groupId, input: values });
      notifySuccess(t(editing ? 'groups.toast.updated' : 'groups.toast.created'));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t(editing ? 'groups.toast.updateFailed' : 'groups.toast.createFailed'), error);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(editing ? 'groups.form.titleEdit' : 'groups.form.titleAdd')}
      description={t('groups.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="group-form"
    >
      <TextField control={form.control} name="groupName" label={t('groups.form.groupName')} placeholder={t('groups.form.groupNamePlaceholder')} qa="group-name" autoFocus />
      {editing && categories.length > 1 && (
        <SelectField
          control={form.control}
          name="categoryId"
          label={t('groups.form.category')}
          options={categories.map((c) => ({ value: c.categoryId, label: t(`categories.names.${c.categoryName}`) }))}
          qa="group-category"
        />
      )}
    </FormDialog>
  );
}
