import type { FieldValues } from 'react-hook-form';
import { FormControl } from '@/components/ui/form';
import { DatePicker, type DatePickerProps } from '@/components/date-picker';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

/** A Date value through the DatePicker (convert to yyyy-mm-dd with `toIsoDate` when submitting). */
export function DateField<T extends FieldValues>({
  qa,
  disabled,
  control,
  name,
  label,
  description,
  className,
  ...pickerProps
}: FieldProps<T> & Pick<DatePickerProps, 'fromYear' | 'toYear' | 'minDate' | 'maxDate' | 'placeholder' | 'clearable'>) {
  return (
    <FieldShell control={control} name={name} label={label} description={description} className={className}>
      {(field) => (
        <FormControl>
          <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} data-qa={qa ?? name} {...pickerProps} />
        </FormControl>
      )}
    </FieldShell>
  );
}
