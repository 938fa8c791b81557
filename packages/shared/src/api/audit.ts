import { z } from 'zod';
import { auditActorSchema, auditPageSchema, auditQuerySchema, envelope } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const auditApi = defineRoutes(apiRoutes.audit, {
  list: {
    tags: ['audit'],
    summary: 'The audit log of the caller\'s scope, newest first, filtered and paged',
    query: auditQuerySchema,
    response: { 200: envelope(auditPageSchema) },
  },
  actors: {
    tags: ['audit'],
    summary: 'The people who appear in the caller\'s audit log',
    response: { 200: envelope(z.array(auditActorSchema)) },
  },
  csv: {
    tags: ['audit'],
    summary: 'The filtered audit log as CSV (UTF-8 with BOM, formula-safe cells; audit-log.csv)',
    query: auditQuerySchema.omit({ before: true, limit: true }),
    produces: ['text/csv'],
  },
});
