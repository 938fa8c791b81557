import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KitaGroups, RegisterFormValues, RegisterInput } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { DateOfBirthField } from '@/components/form/date-of-birth-field';

export const emptyChild = { childName: '', dateOfBirth: '', groupId: '' };

/** One or more children with name, date of birth and group (chosen as 'category : group'). */
export function RegisterChildren({
  control,
  kita,
}: {
  control: Control<RegisterFormValues, unknown, RegisterInput>;
  kita: KitaGroups;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'children' });
  const groupOptions = kita.categories.flatMap((c) =>
    c.groups.map((g) => ({ value: g.groupId, label: `${c.categoryName} : ${g.groupName}` })),
  );
  return (
    <fieldset className="grid gap-4" data-qa="register-children">
      <legend className="mb-3 text-base font-semibold">{t('accounts.register.childrenSection')}</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="bg-muted/30 grid gap-4 rounded-lg border p-4" data-qa="register-child">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">{t('accounts.register.child', { n: i + 1 })}</h3>
            {fields.length > 1 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => remove(i)}
                aria-label={t('accounts.register.removeChild', { n: i + 1 })}
                data-qa={`register-child-${i}-remove`}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            )}
          </div>
          <TextField control={control} name={`children.${i}.childName`} label={t('accounts.register.childName')} qa={`register-child-${i}-name`} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <DateOfBirthField control={control} name={`children.${i}.dateOfBirth`} label={t('accounts.register.dateOfBirth')} qa={`register-child-${i}-dob`} />
            <SelectField
              control={control}
              name={`children.${i}.groupId`}
              label={t('accounts.register.group')}
              placeholder={t('accounts.register.groupPlaceholder')}
              options={groupOptions}
              qa={`register-child-${i}-group`}
            />
          </div>
        </div>
      ))}
      <Button type="button" variant="outline" onClick={() => append(emptyChild)} data-qa="register-add-child">
        <PlusIcon aria-hidden="true" />
        {t('accounts.register.addChild')}
      </Button>
    </fieldset>
  );
}
