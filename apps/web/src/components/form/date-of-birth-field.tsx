import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { DATE_OF_BIRTH_FIRST_YEAR, MIN_DATE_OF_BIRTH } from '@kita/shared';
import { DatePicker } from '@/components/date-picker';
import { FormControl } from '@/components/ui/form';
import { fromIsoDate, toIsoDate } from '@/lib/format';
import { FieldShell } from './field-shell';

/**
 * Date of birth as a yyyy-mm-dd string in the form (what the API takes): the picker's local
 * calendar day is converted on change, so no time-zone shift can move the day. Years from 2010
 * up to this year in the dropdown, nothing after today (docs/domain.md "Validation").
 */
export function DateOfBirthField<T extends FieldValues>({ control, name, label, qa }: { control: Control<T>; name: FieldPath<T>; label: string; qa: string }) {
  const today = new Date();
  return (
    <FieldShell control={control} name={name} label={label}>
      {(field) => (
        <FormControl>
          <DatePicker
            value={fromIsoDate(field.value as string | undefined)}
            onChange={(date) => field.onChange(date ? toIsoDate(date) : '')}
            onBlur={field.onBlur}
            fromYear={DATE_OF_BIRTH_FIRST_YEAR}
            toYear={today.getFullYear()}
            minDate={fromIsoDate(MIN_DATE_OF_BIRTH)}
            maxDate={today}
            data-qa={qa}
          />
        </FormControl>
      )}
    </FieldShell>
  );
}
