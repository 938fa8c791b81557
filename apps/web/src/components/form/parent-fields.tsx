import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue } from 'react-hook-form';
import type { KitaOption, ParentFormValues } from '@kita/shared';
import { channelOptions } from '@/components/form/channel-options';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';

/** Empty form values of a new parent (contact fields as '' so the inputs stay controlled). */
export function emptyParentValues(kitaId: string): ParentFormValues {
  return {
    name: '',
    email: '',
    secondaryEmail: '',
    primaryPhoneNumber: '',
    secondaryPhoneNumber: '',
    kitaId,
    preferredCommunication: 'email',
    isAnonymous: false,
    language: 'de',
  };
}

type ParentField = keyof ParentFormValues;

/** '' for the parent form itself, 'newParent.' for the child form's embedded new parent. */
export type ParentFieldPrefix = '' | 'newParent.';

/**
 * The prefix under which a form of shape T holds the parent payload: '' for ParentFormValues,
 * 'newParent.' for ChildFormValues, `never` (a type error at the call site) for a form that holds
 * no parent payload there.
 */
export type ParentPrefixOf<T extends FieldValues> = {
  [P in ParentFieldPrefix]: `${P}${ParentField}` extends Path<T> ? P : never;
}[ParentFieldPrefix];

export interface ParentFieldsProps<T extends FieldValues> {
  // The fields serve two forms of different shapes (parent form, child form's newParent); both
  // hold the same parent payload under `prefix`, which ParentPrefixOf checks against T.
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  prefix: ParentPrefixOf<T>;
  /** Kita selector (staff without a selected Kita); hidden otherwise. */
  kitaOptions?: KitaOption[];
  /** A parent editing their own data: no anonymity switch. */
  selfService?: boolean;
  qaPrefix?: string;
}

/**
 * The fields of the parent payload. Switching "anonymous" on clears the
 * preferred communication and the phones and blanks the e-mail; while anonymous the contact
 * fields stay disabled.
 */
export function ParentFields<T extends FieldValues>({ control, setValue, prefix, kitaOptions, selfService = false, qaPrefix = 'parent' }: ParentFieldsProps<T>) {
  const { t } = useTranslation();
  // The one place a prefix becomes a path; ParentPrefixOf<T> has checked every such path exists in T.
  const path = (field: ParentField) => `${prefix}${field}` as Path<T>;
  const anonymous = useWatch({ control, name: path('isAnonymous') }) === true;
  const communication = useWatch({ control, name: path('preferredCommunication') });
  const qa = (field: string) => `${qaPrefix}-${field}`;

  const clearContact = () => {
    const clear = { shouldValidate: false, shouldDirty: true } as const;
    const empty = '' as PathValue<T, Path<T>>;
    for (const field of ['preferredCommunication', 'primaryPhoneNumber', 'secondaryPhoneNumber', 'email', 'secondaryEmail'] as const) {
      setValue(path(field), empty, clear);
    }
  };

  return (
    <div className="grid gap-4">
      <TextField control={control} name={path('name')} label={t('parents.form.name')} autoComplete="off" qa={qa('name')} />
      {kitaOptions && (
        <SelectField
          control={control}
          name={path('kitaId')}
          label={t('parents.form.kita')}
          placeholder={t('parents.form.kitaPlaceholder')}
          options={kitaOptions.map((k) => ({ value: k.kitaId, label: `${k.kitaName} (${k.location})` }))}
          qa={qa('kita')}
        />
      )}
      {!selfService && (
        <AnonymousSwitch
          control={control}
          name={path('isAnonymous')}
          onOn={clearContact}
          label={t('parents.form.isAnonymous')}
          description={t('parents.form.isAnonymousHint')}
          qa={qa('anonymous')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name={path('email')} type="email" label={t('parents.form.email')} disabled={anonymous} autoComplete="off" qa={qa('email')} />
        <TextField control={control} name={path('secondaryEmail')} type="email" label={t('parents.form.secondaryEmail')} disabled={anonymous} autoComplete="off" qa={qa('secondary-email')} />
        <TextField
          control={control}
          name={path('primaryPhoneNumber')}
          type="tel"
          inputMode="tel"
          label={t('parents.form.primaryPhoneNumber')}
          placeholder={t('parents.form.phonePlaceholder')}
          disabled={anonymous}
          qa={qa('phone')}
          description={communication === 'sms' ? t('validation.phoneRequiredForSms') : undefined}
        />
        <TextField
          control={control}
          name={path('secondaryPhoneNumber')}
          type="tel"
          inputMode="tel"
          label={t('parents.form.secondaryPhoneNumber')}
          placeholder={t('parents.form.phonePlaceholder')}
          disabled={anonymous}
          qa={qa('secondary-phone')}
        />
        <SelectField
          control={control}
          name={path('preferredCommunication')}
          label={t('parents.form.preferredCommunication')}
          placeholder={t('parents.communication.none')}
          options={channelOptions(t)}
          disabled={anonymous}
          qa={qa('communication')}
        />
        <SelectField
          control={control}
          name={path('language')}
          label={t('parents.form.language')}
          options={[
            { value: 'de', label: t('parents.language.de') },
            { value: 'en', label: t('parents.language.en') },
          ]}
          qa={qa('language')}
        />
      </div>
    </div>
  );
}

/** The anonymity switch; switching it on also clears the contact fields. */
function AnonymousSwitch<T extends FieldValues>({
  control,
  name,
  onOn,
  label,
  description,
  qa,
}: { control: Control<T>; name: Path<T>; onOn: () => void; label: string; description: string; qa: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3">
          <FormControl>
            <Switch
              checked={field.value === true}
              onCheckedChange={(on) => {
                field.onChange(on);
                if (on) onOn();
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              data-qa={qa}
            />
          </FormControl>
          <div className="grid gap-1.5 leading-none">
            <FormLabel>{label}</FormLabel>
            <FormDescription>{description}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}
