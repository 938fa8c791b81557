import type { FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { TimePicker } from '@/components/time-picker';
import type { FieldProps } from './field-props';

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
