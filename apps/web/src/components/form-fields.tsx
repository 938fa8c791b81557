import type * as React from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { DatePicker, type DatePickerProps } from '@/components/date-picker';
import { PasswordInput } from '@/components/password-input';
import { TimePicker } from '@/components/time-picker';
import { cn } from '@/lib/utils';

/**
 * One-line form fields over react-hook-form + shadcn's Form parts. Each shows its label, an
 * optional description and the translated zod message (messages are i18n keys). The input gets
 * `data-qa={qa ?? name}`.
 */
export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
  qa?: string;
  disabled?: boolean;
  className?: string;
}

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

export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  placeholder,
  rows,
}: FieldProps<T> & { placeholder?: string; rows?: number }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} placeholder={placeholder} rows={rows} disabled={disabled} data-qa={qa ?? name} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

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
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={disabled}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref} data-qa={qa ?? name}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} data-qa={`${qa ?? name}-option-${option.value}`}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A boolean as a switch (or a checkbox with `as="checkbox"`), label to the right. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  as = 'switch',
}: FieldProps<T> & { as?: 'switch' | 'checkbox' }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('flex flex-row items-start gap-3', className)}>
          <FormControl>
            {as === 'switch' ? (
              <Switch checked={!!field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? name} />
            ) : (
              <Checkbox checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? name} />
            )}
          </FormControl>
          <div className="grid gap-1.5 leading-none">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}

/** A Date value through the DatePicker (convert to yyyy-mm-dd with `toIsoDate` when submitting). */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  ...pickerProps
}: FieldProps<T> & Pick<DatePickerProps, 'fromYear' | 'toYear' | 'minDate' | 'maxDate' | 'placeholder' | 'clearable'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} data-qa={qa ?? name} {...pickerProps} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A 24-hour "HH:mm" string through the 12-hour TimePicker. */
export function TimeField<T extends FieldValues>({ control, name, label, description, qa, disabled, className }: FieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <TimePicker value={field.value} onChange={field.onChange} disabled={disabled} aria-invalid={!!fieldState.error} data-qa={qa ?? name} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
