import type { EventRow } from './queries.js';

/**
 * The end of the answer window: answers are accepted and the reminder is timed against it.
 * Today an event closes at `expireDate`; when events get their own `responseDeadline`
 * (issue 11), this is the ONE place to switch to it.
 */
export function answerDeadline(e: Pick<EventRow, 'expireDate'>): Date {
  return e.expireDate;
}

/** The start of the answer window: when the families were notified (opening time). */
export function answerWindowStart(e: Pick<EventRow, 'notifiedAt' | 'eventDate'>): Date {
  return e.notifiedAt ?? e.eventDate;
}

const TWO_HOURS = 2 * 60 * 60 * 1000;

/**
 * When the one reminder is due (domain.md "Reminder"): half-way through the answer window, but no
 * earlier than 2 hours before the deadline; an immediate inquiry of 15 minutes reminds after 7.5.
 */
export function reminderDueAt(e: Pick<EventRow, 'notifiedAt' | 'eventDate' | 'expireDate'>): Date {
  const start = answerWindowStart(e).getTime();
  const end = answerDeadline(e).getTime();
  return new Date(Math.max(start + (end - start) / 2, end - TWO_HOURS));
}
