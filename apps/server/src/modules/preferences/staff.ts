import type { Preference, PreferenceType } from '@kita/shared';
import { audit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import type { EventRow } from '../events/queries.js';
import { saveAnswers } from './save-answers.js';

/**
 * A manager records answers for eligible children of the event's Kita (a parent who phoned, an
 * anonymous family). The answer keeps who recorded it; the write is audited in its transaction.
 * The route then closes an immediate event whose last answer this was, as for a parent's answer.
 */
export async function recordStaffAnswers(
  ctx: RequestContext,
  e: EventRow,
  answers: Array<{ childId: string; preferenceType: PreferenceType }>,
): Promise<Preference[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const saved = await saveAnswers(tx, { eventId: e.id, answers }, { parentId: null, recordedBy: ctx.actor.userId, now });
    await audit(tx, ctx.actor, {
      action: 'record_answers',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kitaId,
      details: { answers: saved.preferences.map((s) => ({ childId: s.childId, preferenceType: s.preferenceType })) },
    });
    return saved.preferences;
  });
}
