import type * as React from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/password-input';
import type { FieldProps } from './field-props';

/** A text input (type="password" gets the show/hide button). */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  type = 'text',
  ...inputProps
}: FieldProps<T> &
  Pick<React.ComponentProps<'input'>, 'type' | 'placeholder' | 'autoComplete' | 'inputMode' | 'maxLength' | 'autoFocus'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {type === 'password' ? (
              <PasswordInput {...inputProps} {...field} value={field.value ?? ''} disabled={disabled} data-qa={qa ?? name} />
            ) : (
              <Input type={type} {...inputProps} {...field} value={field.value ?? ''} disabled={disabled} data-qa={qa ?? name} />
            )}
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
