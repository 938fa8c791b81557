import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { openEventsOf, parentEventView, verifyPreferenceToken } from './link.js';
import { loadEventInScope } from '../events/service.js';
import { closeIfAllAnswered } from '../results/close.js';
import { saveAnswers } from './save-answers.js';
import { recordStaffAnswers } from './staff.js';
import { contextOf } from '../../lib/context.js';

/**
 * Answers to an inquiry. The parent's side: exchange the link token for a
 * link session, read the event with the family's children, answer per child. The staff side: a
 * manager records answers for children of the Kita.
 */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const parentOrLink = app.requireSession({ link: true });
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(preferencesApi.verifyToken),
    handler: async (req) => ({ data: await verifyPreferenceToken(app, req.ip, req.query.token?.trim() || undefined) }),
  });

  app.route({
    ...serve(preferencesApi.linkView),
    preHandler: parentOrLink,
    handler: async (req) => ({ data: await parentEventView(contextOf(app, req), req.params.eventId, req.params.parentId) }),
  });

  app.route({
    ...serve(preferencesApi.openInquiries),
    // Only a logged-in parent (their own family; another family's id: 404). Staff and link
    // sessions may never use it: 403, like every route a role may never use.
    preHandler: app.requireRole('Parent'),
    handler: async (req) => ({ data: await openEventsOf(contextOf(app, req), req.params.id) }),
  });

  app.route({
    ...serve(preferencesApi.save),
    preHandler: parentOrLink,
    handler: async (req) => {
      const auth = authOf(req);
      let parentId: string | null = null;
      if (auth.kind === 'link') {
        // A link session answers for its own event only.
        if (auth.eventId !== req.body.eventId) throw notFound('events.notFound', { id: req.body.eventId });
        parentId = auth.parentId;
      } else if (auth.role === 'Parent') {
        parentId = auth.parentId;
      }
      // Staff record answers through emergency-event/{id}/preferences (marked as recorded by staff).
      if (!parentId) throw new AppError(403, 'FORBIDDEN');
      const data = await saveAnswers(
        app.db,
        { eventId: req.body.eventId, answers: req.body.preferences },
        { parentId, recordedBy: null, now: app.clock.now() },
      );
      // The last missing answer closes an immediate event at once (docs/domain.md "Closing"); a future
      // event waits for its expire date, so its answers skip that check (a lean answer path).
      if (data.eventType === 'immediate') await closeIfAllAnswered(app, req.body.eventId);
      return { data: data.preferences };
    },
  });

  app.route({
    ...serve(preferencesApi.staffAnswer),
    preHandler: staff,
    handler: async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id);
      const saved = await recordStaffAnswers(contextOf(app, req), e, req.body.preferences);
      // The last missing answer closes an immediate event at once (docs/domain.md "Closing").
      if (e.eventType === 'immediate') await closeIfAllAnswered(app, e.id);
      return { data: saved };
    },
  });
};
