import { z } from 'zod';
import {
  defaultResponseDeadline,
  EVENT_MAX_YEARS_AHEAD,
  eventDateIssues,
  eventShapeIssues,
  eventTypeSchema,
  type CategoryName,
  type EventInput,
  type EventSummary,
} from '@kita/shared';
import { fromZonedTime, toZonedTime } from 'date-fns-tz';
import { fromTimeParts, toTimeParts } from '@/components/time-picker';

/**
 * The event form of docs/domain.md "Validation" on top of the shared rules: a date picker plus a 12-hour time
 * picker per instant, the slot input of the chosen category only, and the same date rules the
 * server applies (judged here in the browser's zone; the server re-checks in the Kita's).
 */
export interface EventFormValues {
  categoryId: string;
  eventType: 'immediate' | 'future';
  eventDay?: Date;
  /** 24-hour HH:mm (the TimePicker's value). */
  eventTime?: string;
  expireDay?: Date;
  expireTime?: string;
  /** Answers until (empty: the day before the first care day, 18:00, Kita time). */
  deadlineDay?: Date;
  deadlineTime?: string;
  /** Send later (empty: now). */
  opensDay?: Date;
  opensTime?: string;
  totalSlotsKindergarten: string;
  totalSlotsKrippe: string;
  description: string;
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const lastEventYear = () => new Date().getFullYear() + EVENT_MAX_YEARS_AHEAD;

/**
 * A calendar day plus a wall-clock time as an instant, read in `timeZone` (the Kita's: a
 * laptop set to UTC shifted inquiries by 1-2 hours); without one in the browser's zone.
 */
export function combine(day: Date | undefined, time: string | undefined, timeZone?: string): Date | undefined {
  if (!day || !time) return undefined;
  const [h, m] = time.split(':').map(Number);
  const wall = new Date(day.getFullYear(), day.getMonth(), day.getDate(), h ?? 0, m ?? 0);
  return timeZone ? fromZonedTime(wall, timeZone) : wall;
}

const FIELD = { eventDate: 'eventDay', expireDate: 'expireDay', responseDeadline: 'deadlineDay', opensAt: 'opensDay' } as const;
const slotText = z.string().trim().regex(/^\d{0,6}$/, 'validation.slots');

export function eventFormSchema(opts: { startLocked: boolean; now?: () => Date; timeZone?: string }) {
  const now = opts.now ?? (() => new Date());
  const zone = opts.timeZone;
  return z
    .object({
      categoryId: z.string().min(1, 'validation.required').pipe(z.uuid('validation.uuid')),
      eventType: eventTypeSchema,
      eventDay: z.date().optional(),
      eventTime: z.string().optional(),
      expireDay: z.date().optional(),
      expireTime: z.string().optional(),
      deadlineDay: z.date().optional(),
      deadlineTime: z.string().optional(),
      opensDay: z.date().optional(),
      opensTime: z.string().optional(),
      totalSlotsKindergarten: slotText,
      totalSlotsKrippe: slotText,
      description: z.string().max(2000, 'validation.tooLong'),
    })
    .superRefine((v, ctx) => {
      if (v.eventType !== 'future') return;
      if (v.eventDay && !v.eventTime) ctx.addIssue({ code: 'custom', path: ['eventTime'], message: 'validation.required' });
      if (v.expireDay && !v.expireTime) ctx.addIssue({ code: 'custom', path: ['expireTime'], message: 'validation.required' });
      if (v.deadlineDay && !v.deadlineTime) ctx.addIssue({ code: 'custom', path: ['deadlineTime'], message: 'validation.required' });
      if (v.opensDay && !v.opensTime) ctx.addIssue({ code: 'custom', path: ['opensTime'], message: 'validation.required' });
      const dates = {
        eventType: v.eventType,
        eventDate: combine(v.eventDay, v.eventTime, zone)?.toISOString() ?? null,
        expireDate: combine(v.expireDay, v.expireTime, zone)?.toISOString() ?? null,
        responseDeadline: combine(v.deadlineDay, v.deadlineTime, zone)?.toISOString() ?? null,
        opensAt: opts.startLocked ? null : (combine(v.opensDay, v.opensTime, zone)?.toISOString() ?? null),
      };
      const issues = [
        ...eventShapeIssues(dates),
        ...eventDateIssues(dates, now(), zone ?? browserTimeZone(), { eventDate: !opts.startLocked, expireDate: true, responseDeadline: true }),
      ];
      for (const issue of issues) {
        // A missing time is already reported next to the time picker.
        if (issue.message.endsWith('Required') && (issue.path === 'eventDate' ? v.eventDay : v.expireDay)) continue;
        ctx.addIssue({ code: 'custom', path: [FIELD[issue.path]], message: issue.message });
      }
    });
}

export function emptyEventForm(): EventFormValues {
  return {
    categoryId: '',
    eventType: 'future',
    eventDay: undefined,
    eventTime: '08:00',
    expireDay: undefined,
    // Care ends in the afternoon of the last care day (a one-day strike: the same day).
    expireTime: '17:00',
    deadlineDay: undefined,
    deadlineTime: '18:00',
    opensDay: undefined,
    opensTime: '08:00',
    totalSlotsKindergarten: '',
    totalSlotsKrippe: '',
    description: '',
  };
}

/**
 * The dates the families will read for the values in the form (the preview under the care
 * fields): the care start and end as instants of `timeZone`, and the answer deadline as the server
 * will store it (the one entered, or the default from the sending time). Undefined until the care
 * start and end are both complete and the end lies after the start.
 */
export function carePreview(
  v: Pick<EventFormValues, 'eventDay' | 'eventTime' | 'expireDay' | 'expireTime' | 'deadlineDay' | 'deadlineTime' | 'opensDay' | 'opensTime'>,
  timeZone: string,
  now: Date,
): { eventDate: string; expireDate: string; responseDeadline: string; timezone: string } | undefined {
  const start = combine(v.eventDay, v.eventTime, timeZone);
  const end = combine(v.expireDay, v.expireTime, timeZone);
  if (!start || !end || end.getTime() <= start.getTime()) return undefined;
  const opens = combine(v.opensDay, v.opensTime, timeZone) ?? now;
  const deadline = combine(v.deadlineDay, v.deadlineTime, timeZone) ?? defaultResponseDeadline(start, opens, timeZone);
  return { eventDate: start.toISOString(), expireDate: end.toISOString(), responseDeadline: deadline.toISOString(), timezone: timeZone };
}

const timeOf = (d: Date) => fromTimeParts(toTimeParts(`${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`)!);

/** The stored instants as the day and wall-clock time of the event's zone. */
export function eventToForm(e: EventSummary): EventFormValues {
  const eventDate = toZonedTime(new Date(e.eventDate), e.timezone);
  const expireDate = toZonedTime(new Date(e.expireDate), e.timezone);
  const deadline = toZonedTime(new Date(e.responseDeadline), e.timezone);
  const opensAt = toZonedTime(new Date(e.opensAt), e.timezone);
  return {
    categoryId: e.categoryId,
    eventType: e.eventType,
    eventDay: eventDate,
    eventTime: timeOf(eventDate),
    expireDay: expireDate,
    expireTime: timeOf(expireDate),
    deadlineDay: deadline,
    deadlineTime: timeOf(deadline),
    opensDay: opensAt,
    opensTime: timeOf(opensAt),
    totalSlotsKindergarten: e.totalSlotsKindergarten === null ? '' : String(e.totalSlotsKindergarten),
    totalSlotsKrippe: e.totalSlotsKrippe === null ? '' : String(e.totalSlotsKrippe),
    description: e.description ?? '',
  };
}

const slots = (text: string) => (text.trim() === '' ? null : Number(text));

const sameDay = (a: Date | undefined, b: Date | undefined) => !!a && !!b && a.toDateString() === b.toDateString();

/**
 * The API payload: instants as UTC ISO strings plus the browser's zone (docs/wire.md "Routes"). When
 * editing, a date whose day and time fields were left alone keeps its exact stored instant (the
 * picker rounds minutes to steps of 5, which must not count as a change).
 */
export function formToInput(
  v: EventFormValues,
  kitaId: string,
  category: CategoryName | undefined,
  original?: EventSummary,
  timeZone?: string,
): EventInput {
  const zone = original?.timezone ?? timeZone;
  const future = v.eventType === 'future';
  const before = original ? eventToForm(original) : undefined;
  const stored = { event: original?.eventDate, expire: original?.expireDate, deadline: original?.responseDeadline, opens: original?.opensAt };
  const instant = (day: Date | undefined, time: string | undefined, was: 'event' | 'expire' | 'deadline' | 'opens') => {
    if (before && original && sameDay(day, before[`${was}Day`]) && time === before[`${was}Time`]) return stored[was] ?? null;
    return combine(day, time, zone)?.toISOString() ?? null;
  };
  return {
    kitaId,
    categoryId: v.categoryId,
    eventType: v.eventType,
    eventDate: future ? instant(v.eventDay, v.eventTime, 'event') : null,
    expireDate: future ? instant(v.expireDay, v.expireTime, 'expire') : null,
    responseDeadline: future ? instant(v.deadlineDay, v.deadlineTime, 'deadline') : null,
    opensAt: future ? instant(v.opensDay, v.opensTime, 'opens') : null,
    timezone: zone ?? browserTimeZone(),
    description: v.description.trim() || null,
    totalSlotsKindergarten: category === 'Kindergarten' ? slots(v.totalSlotsKindergarten) : null,
    totalSlotsKrippe: category === 'Krippe' ? slots(v.totalSlotsKrippe) : null,
  };
}
