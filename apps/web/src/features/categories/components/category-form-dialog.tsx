import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORY_NAMES, categoryInputSchema, type Category, type CategoryName } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';
import { useSaveCategory } from '../queries';

/** Add or rename a category: Kindergarten or Krippe, one of each per Kita (names already used are not offered). */
export function CategoryFormDialog({
  open,
  onOpenChange,
  kitaId,
  category,
  taken = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kitaId: string;
  category?: Category | null;
  /** Category names the Kita already has. */
  taken?: CategoryName[];
}) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const editing = !!category;
  const form = useForm({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { kitaId, categoryName: undefined as unknown as CategoryName },
  });

  React.useEffect(() => {
    if (!open) return;
    const free = CATEGORY_NAMES.find((name) => !taken.includes(name));
    form.reset({ kitaId, categoryName: category?.categoryName ?? free ?? CATEGORY_NAMES[0] });
    // `taken` is derived from the list on every render; the dialog resets only when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, category, kitaId, form]);

  const options = CATEGORY_NAMES.filter((name) => name === category?.categoryName || !taken.includes(name)).map((name) => ({
    value: name,
    label: t(`categories.names.${name}`),
  }));

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ categoryId: category?.categoryId, input: values });
      notifySuccess(t(editing ? 'categories.toast.updated' : 'categories.toast.created'));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t(editing ? 'categories.toast.updateFailed' : 'categories.toast.createFailed'), error);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(editing ? 'categories.form.titleEdit' : 'categories.form.titleAdd')}
      description={t('categories.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="category-form"
    >
      <SelectField
        control={form.control}
        name="categoryName"
        label={t('categories.form.categoryName')}
        placeholder={t('categories.form.placeholder')}
        options={options}
        qa="category-name"
      />
    </FormDialog>
  );
}
