import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { REPORT_FILE_NAME } from '@kita/shared';
import { staffRequestLanguage } from '../../lib/language.js';
import { authOf } from '../../plugins/auth.js';
import { loadEventInScope } from '../events/service.js';
import { closeEvent } from './close.js';
import { creditsDistributionOf, resetCredits } from './credits.js';
import { parentHistory } from './history.js';
import { renderReportPdf } from './pdf.js';
import { reportCsv } from './csv.js';
import { attachment } from '../../lib/csv.js';
import { releaseSlot, requireReleaseInput } from './release.js';
import { buildReport } from './report.js';
import { contextOf, publicContextOf } from '../../lib/context.js';
import { CALENDAR_FILE_NAME, calendarByKey, calendarOfParent } from './calendar.js';

/**
 * Results of events: close, release, reports, and the parent's credits and history.
 * Staff reach their Kita (Admin every Kita), a parent only their own record; anything outside
 * the scope answers 404, a role that may never use a route 403.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(resultsApi.close),
    preHandler: staff,
    handler: async (req) => {
      const auth = authOf(req);
      await loadEventInScope(app.db, auth, req.params.id);
      return { data: await closeEvent(app, req.params.id, { actor: { userId: auth.userId, role: auth.role, by: 'manager' } }) };
    },
  });

  app.route({
    ...serve(resultsApi.releaseSlot),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req) => ({ data: await releaseSlot(contextOf(app, req), req.params.id, requireReleaseInput(req.body)) }),
  });

  app.route({
    ...serve(resultsApi.report),
    preHandler: staff,
    handler: async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await buildReport(app.db, e, staffRequestLanguage(req), app.clock.now()) };
    },
  });

  app.route({
    ...serve(resultsApi.pdf),
    preHandler: staff,
    handler: async (req, reply) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      const lang = staffRequestLanguage(req);
      const pdf = await renderReportPdf(await buildReport(app.db, e, lang, app.clock.now()), lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAME}"`)
        .send(pdf);
    },
  });

  app.route({
    ...serve(resultsApi.csv),
    preHandler: staff,
    handler: async (req, reply) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      const lang = staffRequestLanguage(req);
      const { body, fileName } = reportCsv(await buildReport(app.db, e, lang, app.clock.now()), lang);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(fileName)).send(body);
    },
  });

  app.route({
    ...serve(resultsApi.resetCredits),
    preHandler: staff,
    handler: async (req) => ({ data: await resetCredits(contextOf(app, req), req.params.id) }),
  });

  app.route({
    ...serve(resultsApi.creditsDistribution),
    preHandler: app.requireSession(),
    handler: async (req) => ({ data: await creditsDistributionOf(contextOf(app, req), req.params.id) }),
  });

  // The family's calendar file (docs/domain.md "The place in the calendar"). No caching: a place
  // given back must reach the next download.
  const ics = (body: string) => ({ body, headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${CALENDAR_FILE_NAME}"` } });
  app.route({
    ...serve(resultsApi.calendar),
    preHandler: app.requireSession(),
    handler: async (req, reply) => {
      const file = ics(await calendarOfParent(contextOf(app, req), req.params.parentId, req.params.eventId));
      return reply.headers(file.headers).send(file.body);
    },
  });
  app.route({
    ...serve(resultsApi.calendarLink),
    handler: async (req, reply) => {
      const file = ics(await calendarByKey(publicContextOf(app, req), req.params.key));
      return reply.headers(file.headers).send(file.body);
    },
  });

  app.route({
    ...serve(resultsApi.history),
    preHandler: app.requireSession(),
    handler: async (req) => ({ data: await parentHistory(contextOf(app, req), req.params.id) }),
  });
};
