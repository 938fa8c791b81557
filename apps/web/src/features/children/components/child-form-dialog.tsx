import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { childFormSchema, type ChildFormValues, type ChildUpdateInput } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { FormDialog } from '@/components/form-dialog';
import { DateOfBirthField } from '@/components/form/date-of-birth-field';
import { emptyParentValues, ParentFields } from '@/components/form/parent-fields';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { toIsoDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKitaGroups, useParentOptions, useSaveChild } from '../queries';

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
  /** A parent edits their own child: only name and date of birth (spec section 4). */
  asParent?: boolean;
}

type ParentMode = 'existing' | 'new';

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
 * Add or edit a child (spec sections 2 and 4). Staff pick the group and either an existing parent
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

  const watchedParentId = useWatch({ control: form.control, name: 'parentId' });
  const selectedParentId = typeof watchedParentId === 'string' ? watchedParentId : '';
  // A Kita has dozens of families: the search narrows the list by name or e-mail (issue 14).
  const [parentSearch, setParentSearch] = React.useState('');
  const needle = parentSearch.trim().toLocaleLowerCase();
  const parentSelect = (parentOptions.data ?? [])
    .filter((p) => !needle || p.parentId === selectedParentId || `${p.name} ${p.email ?? ''}`.toLocaleLowerCase().includes(needle))
    .map((p) => ({ value: p.parentId, label: p.email ? `${p.name} (${p.email})` : p.name }));
  // Keep the current parent selectable even before the options arrive.
  if (selectedParentId && !parentSelect.some((o) => o.value === selectedParentId)) parentSelect.unshift({ value: selectedParentId, label: t('common.actions.loading') });

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
      {chooseParent && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('children.form.parentMode')}</legend>
          <RadioGroup value={mode} onValueChange={(v) => switchMode(v as ParentMode)} className="flex flex-wrap gap-4" data-qa="child-parent-mode">
            {(['existing', 'new'] as const).map((value) => (
              <div key={value} className="flex items-center gap-2">
                <RadioGroupItem value={value} id={`child-parent-mode-${value}`} data-qa={`child-parent-mode-${value}`} />
                <Label htmlFor={`child-parent-mode-${value}`} className="font-normal">
                  {value === 'existing' ? t('children.form.existingParent') : t('children.form.newParent')}
                </Label>
              </div>
            ))}
          </RadioGroup>
          {mode === 'existing' ? (
            <div className="grid gap-2">
              <Label htmlFor="child-parent-search">{t('children.form.parentSearch')}</Label>
              <Input
                id="child-parent-search"
                type="search"
                value={parentSearch}
                onChange={(e) => setParentSearch(e.target.value)}
                placeholder={t('children.form.parentSearchPlaceholder')}
                autoComplete="off"
                data-qa="child-parent-search"
              />
              <SelectField
                control={form.control}
                name="parentId"
                label={t('children.form.parent')}
                placeholder={needle && parentSelect.length === 0 ? t('children.form.parentNoMatch') : t('children.form.parentPlaceholder')}
                options={parentSelect}
                qa="child-parent"
              />
            </div>
          ) : (
            <div className="rounded-md border p-4" data-qa="child-new-parent">
              <ParentFields control={form.control} setValue={form.setValue} prefix="newParent." qaPrefix="new-parent" />
            </div>
          )}
        </fieldset>
      )}
    </FormDialog>
  );
}
