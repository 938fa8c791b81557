/**
 * 24-hour "HH:mm" <-> the 12-hour parts the TimePicker shows (docs/domain.md "Validation": hours 1-12,
 * minutes in steps of 5, AM/PM).
 */
export interface TimeParts {
  hour12: number;
  minute: number;
  period: 'AM' | 'PM';
}

/** Minutes are rounded down to the picker's 5-minute steps; anything unparsable gives undefined. */
export function toTimeParts(value: string | undefined): TimeParts | undefined {
  const match = value ? /^(\d{1,2}):(\d{2})$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return {
    hour12: hours % 12 === 0 ? 12 : hours % 12,
    minute: Math.floor(minutes / 5) * 5,
    period: hours < 12 ? 'AM' : 'PM',
  };
}

export function fromTimeParts({ hour12, minute, period }: TimeParts): string {
  const hours = (hour12 % 12) + (period === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
