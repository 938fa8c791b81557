import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fromTimeParts, toTimeParts, type TimeParts } from '@/lib/time';
import { cn } from '@/lib/utils';

// Re-exported for callers that convert times beside the picker (pure functions live in lib/time.ts).
export { fromTimeParts, toTimeParts, type TimeParts } from '@/lib/time';

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const HOURS_24 = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 12 }, (_, i) => i * 5);

export interface TimePickerProps {
  /** 24-hour "HH:mm"; undefined shows empty selects. */
  value: string | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-qa'?: string;
}

/**
 * Three selects: hour (1-12), minute (00-55 in steps of 5) and AM/PM (the spec's picker, kept for
 * English). German uses the 24-hour clock: hour 00-23 and minute, no AM/PM.
 */
export function TimePicker(props: TimePickerProps) {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('de') ? <TimePicker24 {...props} /> : <TimePicker12 {...props} />;
}

/** One two-digit select of the picker (hour or minute). */
function NumberSelect(p: {
  value: number | undefined;
  options: number[];
  onChange: (value: number) => void;
  label: string;
  qa: string;
  disabled?: boolean;
  invalid?: boolean;
}) {
  return (
    <Select value={p.value === undefined ? '' : String(p.value)} onValueChange={(v) => p.onChange(Number(v))} disabled={p.disabled}>
      <SelectTrigger className="w-18" aria-label={p.label} aria-invalid={p.invalid} data-qa={p.qa}>
        <SelectValue placeholder="--" />
      </SelectTrigger>
      <SelectContent aria-label={p.label}>
        {p.options.map((n) => (
          <SelectItem key={n} value={String(n)}>
            {String(n).padStart(2, '0')}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const Colon = () => (
  <span aria-hidden="true" className="text-muted-foreground">
    :
  </span>
);

function TimePicker24({ value, onChange, disabled, id, className, ...aria }: TimePickerProps) {
  const { t } = useTranslation();
  const parts = toTimeParts(value);
  const hours = parts ? (parts.hour12 % 12) + (parts.period === 'PM' ? 12 : 0) : undefined;
  const qa = aria['data-qa'] ?? 'time-picker';
  const set = (h: number, m: number) => onChange(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  return (
    <div id={id} role="group" aria-describedby={aria['aria-describedby']} className={cn('flex items-center gap-1.5', className)} data-qa={qa} data-clock="24">
      <NumberSelect value={hours} options={HOURS_24} onChange={(h) => set(h, parts?.minute ?? 0)} label={t('common.time.hours')} qa={`${qa}-hour`} disabled={disabled} invalid={aria['aria-invalid']} />
      <Colon />
      <NumberSelect value={parts?.minute} options={MINUTES} onChange={(m) => set(hours ?? 0, m)} label={t('common.time.minutes')} qa={`${qa}-minute`} disabled={disabled} invalid={aria['aria-invalid']} />
      <span className="text-muted-foreground text-sm">{t('common.time.oclock')}</span>
    </div>
  );
}

function TimePicker12({ value, onChange, disabled, id, className, ...aria }: TimePickerProps) {
  const { t } = useTranslation();
  const parts = toTimeParts(value);
  const base: TimeParts = parts ?? { hour12: 12, minute: 0, period: 'PM' };
  const update = (change: Partial<TimeParts>) => onChange(fromTimeParts({ ...base, ...change }));
  const qa = aria['data-qa'] ?? 'time-picker';

  return (
    <div
      id={id}
      role="group"
      aria-describedby={aria['aria-describedby']}
      className={cn('flex items-center gap-1.5', className)}
      data-qa={qa}
    >
      <NumberSelect value={parts?.hour12} options={HOURS} onChange={(hour12) => update({ hour12 })} label={t('common.time.hours')} qa={`${qa}-hour`} disabled={disabled} invalid={aria['aria-invalid']} />
      <Colon />
      <NumberSelect value={parts?.minute} options={MINUTES} onChange={(minute) => update({ minute })} label={t('common.time.minutes')} qa={`${qa}-minute`} disabled={disabled} invalid={aria['aria-invalid']} />
      <Select value={parts?.period ?? ''} onValueChange={(v) => update({ period: v === 'AM' ? 'AM' : 'PM' })} disabled={disabled}>
        <SelectTrigger className="w-20" aria-label={t('common.time.period')} aria-invalid={aria['aria-invalid']} data-qa={`${qa}-period`}>
          <SelectValue placeholder="--" />
        </SelectTrigger>
        <SelectContent aria-label={t('common.time.period')}>
          <SelectItem value="AM">{t('common.time.am')}</SelectItem>
          <SelectItem value="PM">{t('common.time.pm')}</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}
