import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Preference, PreferenceType } from '@kita/shared';
import { audit } from '../../lib/audit.js';
import { authOf } from '../../plugins/auth.js';
import type { EventRow } from '../events/queries.js';
import { closeIfAllAnswered } from '../results/close.js';
import { saveAnswers } from './service.js';

/**
 * A manager records answers for eligible children of the event's Kita (a parent who phoned, an
 * anonymous family). The answer keeps who recorded it; the write is audited in its transaction.
 */
export async function recordStaffAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  e: EventRow,
  answers: Array<{ childId: string; preferenceType: PreferenceType }>,
): Promise<Preference[]> {
  const userId = authOf(req).userId;
  const now = app.clock.now();
  const saved = await app.db.transaction(async (tx) => {
    const saved = await saveAnswers(tx, { eventId: e.id, answers }, { parentId: null, recordedBy: userId, now });
    await audit(tx, req, {
      action: 'record_answers',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kitaId,
      details: { answers: saved.preferences.map((s) => ({ childId: s.childId, preferenceType: s.preferenceType })) },
    });
    return saved.preferences;
  });
  // The last missing answer closes an immediate event at once (domain.md "Close").
  if (e.eventType === 'immediate') await closeIfAllAnswered(app, e.id);
  return saved;
}
