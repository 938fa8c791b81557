import type { FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { DatePicker, type DatePickerProps } from '@/components/date-picker';
import type { FieldProps } from './field-props';

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
