import * as React from 'react';
import { CalendarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface DatePickerProps
  extends Omit<React.ComponentProps<'button'>, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  /** First and last year of the year dropdown (birth dates from 2010, events up to this year + 5). */
  fromYear?: number;
  toYear?: number;
  minDate?: Date;
  maxDate?: Date;
  placeholder?: string;
  /** Shows a "clear" button under the calendar. */
  clearable?: boolean;
}

/**
 * A date field: a button showing dd.MM.yyyy that opens a calendar with month and year dropdowns.
 * Passes its other props (id, aria-*, data-qa) to the button so it works inside FormControl.
 */
export function DatePicker({
  value,
  onChange,
  fromYear,
  toYear,
  minDate,
  maxDate,
  placeholder,
  clearable = false,
  className,
  disabled,
  ...buttonProps
}: DatePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const thisYear = new Date().getFullYear();
  const first = fromYear ?? minDate?.getFullYear() ?? thisYear - 100;
  const last = toYear ?? maxDate?.getFullYear() ?? thisYear + 5;
  const [month, setMonth] = React.useState<Date>(() => value ?? new Date(Math.min(Math.max(thisYear, first), last), new Date().getMonth(), 1));

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next && value) setMonth(value);
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          className={cn('w-full justify-start px-3 text-left font-normal', !value && 'text-muted-foreground', className)}
          {...buttonProps}
        >
          <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
          {value ? formatDate(value) : (placeholder ?? t('common.date.placeholder'))}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          selected={value}
          month={month}
          onMonthChange={setMonth}
          fromYear={first}
          toYear={last}
          minDate={minDate}
          maxDate={maxDate}
          onSelect={(date) => {
            onChange(date);
            setOpen(false);
          }}
        />
        {clearable && value && (
          <div className="border-t p-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange(undefined);
                setOpen(false);
              }}
            >
              {t('common.date.clear')}
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
