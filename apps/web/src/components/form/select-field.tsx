import type * as React from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormControl } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

export interface SelectOption {
  value: string;
  label: React.ReactNode;
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  options,
  placeholder,
}: FieldProps<T> & { options: SelectOption[]; placeholder?: string }) {
  return (
    <FieldShell control={control} name={name} label={label} description={description} className={className}>
      {(field) => (
        <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={disabled}>
          <FormControl>
            <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref} data-qa={qa ?? name}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          {/* Named list, so it is never an unnamed listbox for screen readers (also while it fades out). */}
          <SelectContent aria-label={typeof label === 'string' ? label : undefined}>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value} data-qa={`${qa ?? name}-option-${option.value}`}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldShell>
  );
}
