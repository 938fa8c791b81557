import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeEventResultSchema,
  creditsDistributionSchema,
  envelope,
  eventReportSchema,
  idParamsSchema,
  kitaQuerySchema,
  parentDetailsSchema,
  parentHistorySchema,
  parentPathSchema,
  releaseSlotBodySchema,
  releaseSlotResultSchema,
  REPORT_FILE_NAME,
} from '@kita/shared';
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
import { contextOf } from '../../lib/context.js';

/**
 * Results of events: close, release, reports, and the parent's credits and history.
 * Staff reach their Kita (Admin every Kita), a parent only their own record; anything outside
 * the scope answers 404, a role that may never use a route 403.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');
  const tags = ['results'];

  app.post(
    '/emergency-event/:id/close',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Close now: allocate, book credits, send results (added; idempotent)',
        params: idParamsSchema,
        response: { 200: envelope(closeEventResultSchema) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await loadEventInScope(app.db, auth, req.params.id);
      return { data: await closeEvent(app, req.params.id, { actor: { userId: auth.userId, role: auth.role, by: 'manager' } }) };
    },
  );

  app.post(
    '/emergency-event/:id/release-slot',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: {
        tags,
        summary: 'Release a slot of a future event; the first child on the waitlist moves up',
        params: idParamsSchema,
        body: releaseSlotBodySchema,
        response: { 200: envelope(releaseSlotResultSchema) },
      },
    },
    async (req) => ({ data: await releaseSlot(contextOf(app, req), req.params.id, requireReleaseInput(req.body)) }),
  );

  app.get(
    '/emergency-event/:id/report',
    {
      preHandler: staff,
      schema: { tags, summary: 'The event report as JSON', params: idParamsSchema, querystring: kitaQuerySchema, response: { 200: envelope(eventReportSchema) } },
    },
    async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await buildReport(app.db, e, staffRequestLanguage(req), app.clock.now()) };
    },
  );

  app.get(
    '/emergency-event/:id/pdf',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'The event report as an A4 PDF in the caller\'s language (event-report.pdf)',
        params: idParamsSchema,
        querystring: kitaQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      const lang = staffRequestLanguage(req);
      const pdf = await renderReportPdf(await buildReport(app.db, e, lang, app.clock.now()), lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAME}"`)
        .send(pdf);
    },
  );

  app.get(
    '/emergency-event/:id/csv',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "The inquiry's answer table as CSV (UTF-8 with BOM; `;` in German, `,` in English; named after the Kita and the first care day)",
        params: idParamsSchema,
        querystring: kitaQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      const lang = staffRequestLanguage(req);
      const { body, fileName } = reportCsv(await buildReport(app.db, e, lang, app.clock.now()), lang);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(fileName)).send(body);
    },
  );

  app.delete(
    '/parents/:id/reset-credits',
    {
      preHandler: staff,
      schema: { tags, summary: "Book the entry that brings the family's credits to 0 (parent notified)", params: parentPathSchema, response: { 200: envelope(parentDetailsSchema) } },
    },
    async (req) => ({ data: await resetCredits(contextOf(app, req), req.params.id) }),
  );

  app.get(
    '/parents/:id/credits-distribution',
    {
      preHandler: app.requireSession(),
      schema: { tags, summary: "Credits histogram of the parent's Kita (counts only)", params: parentPathSchema, response: { 200: envelope(creditsDistributionSchema) } },
    },
    async (req) => ({ data: await creditsDistributionOf(contextOf(app, req), req.params.id) }),
  );

  app.get(
    '/parents/:id/children/preferences',
    {
      preHandler: app.requireSession(),
      schema: { tags, summary: "The parent's answers and slots per child", params: parentPathSchema, response: { 200: envelope(parentHistorySchema) } },
    },
    async (req) => ({ data: await parentHistory(contextOf(app, req), req.params.id) }),
  );
};
