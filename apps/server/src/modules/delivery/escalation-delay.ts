import type { PushKind } from '@kita/shared';

/**
 * When a push that went first escalates to the family's usual SMS or e-mail (docs/domain.md
 * "Push first"). Pure: every time comes from the caller (the app's clock), no database.
 *
 * - immediate inquiry or reminder: the Kita's immediate minutes after the push was written;
 * - planned inquiry or reminder: half the answer window still ahead when the push was written,
 *   at most the Kita's cap, never less than the immediate minutes;
 * - results and place offered: planned → half the time until care starts, at most the cap,
 *   never less than the immediate minutes; immediate → the immediate minutes.
 */
export interface EscalationSettings {
  /** kitas.push_escalation_immediate_minutes (1..60). */
  immediateMinutes: number;
  /** kitas.push_escalation_planned_minutes (5..1440): the cap of a planned inquiry. */
  plannedCapMinutes: number;
}

/** The kinds that go by push first (the kinds a push can carry, @kita/shared PUSH_KINDS). */
export type PushFirstKind = PushKind;

export const DEFAULT_ESCALATION: EscalationSettings = { immediateMinutes: 3, plannedCapMinutes: 120 };

const MINUTE = 60_000;

export interface EscalationInput {
  kind: PushFirstKind;
  eventType: 'immediate' | 'future';
  /** When the push was written (its outbox row's created_at). */
  sentAt: Date;
  /** The end of the answer window (inquiry, reminder). */
  answersCloseAt: Date;
  /** The start of care (results, place offered). */
  careStartsAt: Date;
}

/** The delay in milliseconds between the push and its escalation. */
export function escalationDelayMs(input: EscalationInput, settings: EscalationSettings): number {
  const least = settings.immediateMinutes * MINUTE;
  if (input.eventType === 'immediate') return least;
  const until = input.kind === 'inquiry' || input.kind === 'reminder' ? input.answersCloseAt : input.careStartsAt;
  const half = Math.max(0, until.getTime() - input.sentAt.getTime()) / 2;
  return Math.max(least, Math.min(half, settings.plannedCapMinutes * MINUTE));
}

/** The instant the push escalates when it was not opened. */
export function escalationDueAt(input: EscalationInput, settings: EscalationSettings): Date {
  return new Date(input.sentAt.getTime() + escalationDelayMs(input, settings));
}
