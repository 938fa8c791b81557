import * as React from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChildFormValues, ChildUpdateInput, Parent } from '@kita/shared';
import { ParentFields } from '@/components/form/parent-fields';
import { SelectField } from '@/components/form/select-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

export type ParentMode = 'existing' | 'new';

/**
 * The child form's parent: an existing parent of the Kita (with a search over name and e-mail,
 * as a Kita has dozens of families) or a new parent entered with the parent fields.
 */
export function ParentChooser({
  form,
  mode,
  onModeChange,
  parents,
}: {
  form: UseFormReturn<ChildFormValues, unknown, ChildUpdateInput>;
  mode: ParentMode;
  onModeChange: (mode: ParentMode) => void;
  parents: Parent[] | undefined;
}) {
  const { t } = useTranslation();
  const watchedParentId = useWatch({ control: form.control, name: 'parentId' });
  const selectedParentId = typeof watchedParentId === 'string' ? watchedParentId : '';
  const [parentSearch, setParentSearch] = React.useState('');
  const needle = parentSearch.trim().toLocaleLowerCase();
  const parentSelect = (parents ?? [])
    .filter((p) => !needle || p.parentId === selectedParentId || `${p.name} ${p.email ?? ''}`.toLocaleLowerCase().includes(needle))
    .map((p) => ({ value: p.parentId, label: p.email ? `${p.name} (${p.email})` : p.name }));
  // Keep the current parent selectable even before the options arrive.
  if (selectedParentId && !parentSelect.some((o) => o.value === selectedParentId)) parentSelect.unshift({ value: selectedParentId, label: t('common.actions.loading') });

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('children.form.parentMode')}</legend>
      <RadioGroup value={mode} onValueChange={(v) => onModeChange(v as ParentMode)} className="flex flex-wrap gap-4" data-qa="child-parent-mode">
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
  );
}
