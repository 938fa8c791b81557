import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import type { Language } from '@kita/shared';
import { translate } from '@kita/shared/i18n';
import { listScope } from '../../lib/access.js';
import { audit } from '../../lib/audit.js';
import { requestLanguage } from '../../lib/language.js';
import { authOf } from '../../plugins/auth.js';
import { toCsv } from './csv.js';
import { readAuditActors, readAuditPage, readAuditRows } from './queries.js';

/** A download holds at most this many rows (narrow the filter for more). */
const CSV_MAX_ROWS = 50_000;

/** Who did what to which record and when: Admins all, managers their own Kita. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(auditApi.list),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await readAuditPage(app.db, listScope(authOf(req), req.query.kitaId), req.query) };
    },
  });

  app.route({
    ...serve(auditApi.actors),
    preHandler: staff,
    handler: async (req) => ({ data: await readAuditActors(app.db, listScope(authOf(req))) }),
  });

  app.route({
    ...serve(auditApi.csv),
    preHandler: staff,
    handler: async (req, reply) => {
      const auth = authOf(req);
      const scope = listScope(auth, req.query.kitaId);
      const rows = await readAuditRows(app.db, scope, req.query, CSV_MAX_ROWS);
      const lang: Language = requestLanguage(req);
      const h = (k: 'time' | 'person' | 'role' | 'action' | 'entity' | 'record' | 'kita' | 'details') => translate(lang, `audit.columns.${k}`);
      const csv = toCsv(
        [h('time'), h('person'), h('role'), h('action'), h('entity'), h('record'), h('kita'), h('details')],
        rows.map((r) => [
          r.createdAt,
          r.actorName ?? '',
          r.actorRole ?? '',
          translate(lang, `audit.actions.${r.action}`),
          translate(lang, `audit.entities.${r.entity}`),
          r.entityId ?? '',
          r.kitaName ?? '',
          r.details ?? '',
        ]),
      );
      // Reading the whole log out is itself recorded.
      await audit(app.db, auth, { action: 'audit_export', entity: 'audit_log', kitaId: scope.kind === 'kita' ? scope.kitaId : null, details: { rows: rows.length, filter: req.query } });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
