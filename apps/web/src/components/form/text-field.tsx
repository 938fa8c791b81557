import type * as React from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/password-input';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

/** A text input (type="password" gets the show/hide button). */
export function TextField<T extends FieldValues>({
  qa,
  disabled,
  type = 'text',
  control,
  name,
  label,
  description,
  className,
  ...inputProps
}: FieldProps<T> &
  Pick<React.ComponentProps<'input'>, 'type' | 'placeholder' | 'autoComplete' | 'inputMode' | 'maxLength' | 'autoFocus'>) {
  return (
    <FieldShell control={control} name={name} label={label} description={description} className={className}>
      {(field) => (
        <FormControl>
          {type === 'password' ? (
            <PasswordInput {...inputProps} {...field} value={field.value ?? ''} disabled={disabled} data-qa={qa ?? name} />
          ) : (
            <Input type={type} {...inputProps} {...field} value={field.value ?? ''} disabled={disabled} data-qa={qa ?? name} />
          )}
        </FormControl>
      )}
    </FieldShell>
  );
}
