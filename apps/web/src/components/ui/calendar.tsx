import * as React from 'react';
import {
  addDays,
  addMonths,
  endOfWeek,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isSameMonth,
  isToday,
  setMonth,
  setYear,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ar, de as deLocale, enUS, pl, ru, tr, uk, type Locale } from 'date-fns/locale';
import type { Language } from '@kita/shared';
import { directionOf } from '@/lib/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface CalendarProps {
  selected?: Date;
  onSelect: (date: Date) => void;
  /** The month on display (any day in it). */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** Range of the year dropdown. */
  fromYear: number;
  toYear: number;
  minDate?: Date;
  maxDate?: Date;
  className?: string;
}

/** Month and weekday names in the page's language (a family may read Turkish, Arabic, …). */
const LOCALES: Record<Language, Locale> = { de: deLocale, en: enUS, tr, uk, ar, pl, ru };

const selectClass =
  'border-input bg-background dark:bg-input/30 focus-visible:ring-ring/50 h-8 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px]';

/** A month grid with month and year dropdowns; arrow keys move the focus by day and week. */
export function Calendar({ selected, onSelect, month, onMonthChange, fromYear, toYear, minDate, maxDate, className }: CalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.resolvedLanguage as Language] ?? deLocale;
  const rtl = directionOf(i18n.resolvedLanguage ?? '') === 'rtl';
  const [focused, setFocused] = React.useState<Date>(() => selected ?? startOfMonth(month));
  const gridRef = React.useRef<HTMLTableElement>(null);
  const moveFocus = React.useRef(false);

  const min = minDate ? startOfDay(minDate) : undefined;
  const max = maxDate ? startOfDay(maxDate) : undefined;
  const isDisabled = (day: Date) => (min ? isBefore(day, min) : false) || (max ? isAfter(day, max) : false);

  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 1 });
  const days = Array.from({ length: 42 }, (_, index) => addDays(first, index));
  const weeks = Array.from({ length: 6 }, (_, week) => days.slice(week * 7, week * 7 + 7));
  const weekdays = days.slice(0, 7);
  const years = Array.from({ length: toYear - fromYear + 1 }, (_, index) => fromYear + index);
  const focusInMonth = isSameMonth(focused, month) ? focused : startOfMonth(month);

  React.useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const focusDay = (day: Date) => {
    moveFocus.current = true;
    setFocused(day);
    if (!isSameMonth(day, month)) onMonthChange(startOfMonth(day));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      // Right to left (Arabic) the days run the other way, and so do the arrow keys.
      ArrowLeft: () => addDays(focusInMonth, rtl ? 1 : -1),
      ArrowRight: () => addDays(focusInMonth, rtl ? -1 : 1),
      ArrowUp: () => addDays(focusInMonth, -7),
      ArrowDown: () => addDays(focusInMonth, 7),
      PageUp: () => addMonths(focusInMonth, -1),
      PageDown: () => addMonths(focusInMonth, 1),
      Home: () => startOfWeek(focusInMonth, { weekStartsOn: 1 }),
      End: () => endOfWeek(focusInMonth, { weekStartsOn: 1 }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    if (next.getFullYear() < fromYear || next.getFullYear() > toYear) return;
    focusDay(next);
  };

  const prev = addMonths(month, -1);
  const next = addMonths(month, 1);

  return (
    <div className={cn('w-fit p-3', className)} data-qa="calendar">
      <div className="mb-3 flex items-center justify-between gap-1">
        <button
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'size-8' })}
          onClick={() => onMonthChange(startOfMonth(prev))}
          disabled={prev.getFullYear() < fromYear}
          aria-label={t('common.date.previousMonth')}
        >
          <ChevronLeftIcon className="rtl:rotate-180" />
        </button>
        <div className="flex gap-1.5">
          <select
            className={selectClass}
            value={month.getMonth()}
            onChange={(event) => onMonthChange(setMonth(startOfMonth(month), Number(event.target.value)))}
            aria-label={t('common.date.month')}
            data-qa="calendar-month"
          >
            {Array.from({ length: 12 }, (_, index) => (
              <option key={index} value={index}>
                {format(new Date(2000, index, 1), 'LLLL', { locale })}
              </option>
            ))}
          </select>
          <select
            className={selectClass}
            value={month.getFullYear()}
            onChange={(event) => onMonthChange(setYear(startOfMonth(month), Number(event.target.value)))}
            aria-label={t('common.date.year')}
            data-qa="calendar-year"
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'size-8' })}
          onClick={() => onMonthChange(startOfMonth(next))}
          disabled={next.getFullYear() > toYear}
          aria-label={t('common.date.nextMonth')}
        >
          <ChevronRightIcon className="rtl:rotate-180" />
        </button>
      </div>
      <table ref={gridRef} role="grid" className="border-collapse" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.toISOString()} scope="col" className="text-muted-foreground w-9 pb-1 text-xs font-normal">
                <abbr title={format(day, 'EEEE', { locale })} className="no-underline">
                  {format(day, 'EEEEEE', { locale })}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                const isSelected = selected ? isSameDay(day, selected) : false;
                const outside = !isSameMonth(day, month);
                return (
                  <td key={day.toISOString()} role="gridcell" aria-selected={isSelected} className="p-0">
                    <button
                      type="button"
                      tabIndex={isSameDay(day, focusInMonth) ? 0 : -1}
                      disabled={isDisabled(day)}
                      onClick={() => onSelect(day)}
                      onFocus={() => setFocused(day)}
                      aria-label={format(day, 'PPPP', { locale })}
                      data-qa={outside ? undefined : `calendar-day-${day.getDate()}`}
                      className={cn(
                        'focus-visible:ring-ring/50 flex size-9 items-center justify-center rounded-md text-sm outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-35',
                        'hover:bg-accent hover:text-accent-foreground',
                        outside && 'text-muted-foreground',
                        isToday(day) && !isSelected && 'bg-accent font-semibold',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary font-semibold',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
