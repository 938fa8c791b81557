import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { childFormSchema, type ChildFormValues, type ChildUpdateInput } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { FormDialog } from '@/components/form-dialog';
import { DateOfBirthField } from '@/components/form/date-of-birth-field';
import { emptyParentValues } from '@/components/form/parent-fields';
import { toIsoDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKitaGroups, useParentOptions, useSaveChild } from '../queries';
import { ParentChooser, type ParentMode } from './parent-chooser';

/** The child being edited (from the children list or a parent's children table). */
export interface ChildFormTarget {
  childId: string;
  childName: string;
  dateOfBirth: string;
  groupId: string;
  parentId: string;
}

export interface ChildFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kitaId: string;
  child?: ChildFormTarget;
  /** Adding from a parent's details: the parent is fixed and not chosen. */
  fixedParent?: { parentId: string; name: string };
  /** A parent edits their own child: only name and date of birth. */
  asParent?: boolean;
}

function initialValues(props: ChildFormDialogProps): ChildFormValues {
  const c = props.child;
  return {
    childName: c?.childName ?? '',
    dateOfBirth: c?.dateOfBirth ?? '',
    groupId: c?.groupId ?? '',
    parentId: c?.parentId ?? props.fixedParent?.parentId ?? null,
    newParent: null,
  };
}

/**
 * Add or edit a child. Staff pick the group and either an existing parent
 * or enter a new one: switching to "new" presets the Kita and clears the parent, switching back
 * clears the new parent.
 */
export function ChildFormDialog(props: ChildFormDialogProps) {
  const { open, onOpenChange, kitaId, child, fixedParent, asParent = false } = props;
  const { t } = useTranslation();
  const staff = !asParent;
  const chooseParent = staff && !fixedParent;
  const groups = useKitaGroups(kitaId, open && staff);
  const parentOptions = useParentOptions(kitaId, open && chooseParent);
  const save = useSaveChild();
  const [mode, setMode] = React.useState<ParentMode>('existing');
  const schema = React.useMemo(() => childFormSchema({ today: toIsoDate(new Date()), requireParent: staff }), [staff]);

  const form = useForm<ChildFormValues, unknown, ChildUpdateInput>({ resolver: zodResolver(schema), defaultValues: initialValues(props) });

  React.useEffect(() => {
    if (!open) return;
    form.reset(initialValues(props));
    setMode('existing');
    // Reset only when the dialog opens for another child; `props` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, child?.childId, fixedParent?.parentId]);

  React.useEffect(() => {
    if (groups.error) notifyError(t('children.form.groupsFailed'), groups.error);
    if (parentOptions.error) notifyError(t('children.form.parentsFailed'), parentOptions.error);
  }, [groups.error, parentOptions.error, t]);

  const switchMode = (next: ParentMode) => {
    setMode(next);
    if (next === 'new') {
      form.setValue('parentId', null);
      form.setValue('newParent', emptyParentValues(kitaId));
    } else {
      form.setValue('newParent', null);
    }
    form.clearErrors(['parentId', 'newParent']);
  };

  const submit = form.handleSubmit((values) => {
    const input: ChildUpdateInput = asParent
      ? { childName: values.childName, dateOfBirth: values.dateOfBirth }
      : { ...values, parentId: mode === 'new' ? null : values.parentId, newParent: mode === 'new' ? values.newParent : null };
    save.mutate(
      { childId: child?.childId, input },
      {
        onSuccess: () => {
          notifySuccess(child ? t('children.toast.updated') : t('children.toast.created'));
          onOpenChange(false);
        },
        onError: (error) => notifyError(child ? t('children.toast.updateFailed') : t('children.toast.createFailed'), error),
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={child ? t('children.form.editTitle') : t('children.form.addTitle')}
      description={fixedParent ? `${t('children.form.parent')}: ${fixedParent.name}` : t('children.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="child-form"
      dialogQa="child-form-dialog"
      formQa="child-form"
      className={mode === 'new' ? 'sm:max-w-2xl' : undefined}
    >
      <TextField control={form.control} name="childName" label={t('children.form.childName')} autoComplete="off" qa="child-name" />
      <DateOfBirthField control={form.control} name="dateOfBirth" label={t('children.form.dateOfBirth')} qa="child-date-of-birth" />
      {staff && (
        <SelectField
          control={form.control}
          name="groupId"
          label={t('children.form.group')}
          placeholder={t('children.form.groupPlaceholder')}
          options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: `${g.categoryName} : ${g.groupName}` }))}
          qa="child-group"
        />
      )}
      {chooseParent && <ParentChooser form={form} mode={mode} onModeChange={switchMode} parents={parentOptions.data} />}
    </FormDialog>
  );
}
