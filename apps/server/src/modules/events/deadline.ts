import type { EventRow } from './queries.js';

/** The end of the answer window: answers are accepted until then and the reminder is timed against it. */
export function answerDeadline(e: Pick<EventRow, 'answersCloseAt'>): Date {
  return e.answersCloseAt;
}

/** The start of the answer window: when the families were notified (the opening time). */
export function answerWindowStart(e: Pick<EventRow, 'notifiedAt' | 'opensAt'>): Date {
  return e.notifiedAt ?? e.opensAt;
}

const TWO_HOURS = 2 * 60 * 60 * 1000;

/**
 * When the one reminder is due (docs/domain.md "Reminder"): half-way through the answer window, but no
 * earlier than 2 hours before the deadline; an immediate inquiry of 15 minutes reminds after 7.5.
 */
export function reminderDueAt(e: Pick<EventRow, 'notifiedAt' | 'opensAt' | 'answersCloseAt'>): Date {
  const start = answerWindowStart(e).getTime();
  const end = answerDeadline(e).getTime();
  return new Date(Math.max(start + (end - start) / 2, end - TWO_HOURS));
}
