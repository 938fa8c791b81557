import type { FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import type { FieldProps } from './field-props';

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
