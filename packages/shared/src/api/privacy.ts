import { z } from 'zod';
import { envelope, erasureListQuerySchema, erasureRequestSchema, erasureResultSchema, exportQuerySchema, familyExportSchema, idParamsSchema, parentPathSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const privacyApi = defineRoutes(apiRoutes.privacy, {
  exportData: {
    tags: ['privacy'],
    summary: 'Everything stored about the family, as JSON (family-data.json) or a readable PDF (family-data.pdf); the parent themself or staff in scope',
    params: parentPathSchema,
    query: exportQuerySchema,
    produces: ['application/json', 'application/pdf'],
    response: { 200: familyExportSchema },
  },
  requestErasure: {
    tags: ['privacy'],
    summary: 'The family asks for the erasure of its data (answered within a month); asking again keeps the first request',
    params: parentPathSchema,
    response: { 201: envelope(erasureRequestSchema) },
  },
  erasureRequest: {
    tags: ['privacy'],
    summary: 'The family\'s open erasure request, or null',
    params: parentPathSchema,
    response: { 200: envelope(erasureRequestSchema.nullable()) },
  },
  erasureRequests: {
    tags: ['privacy'],
    summary: 'Erasure requests of the caller\'s scope (open by deadline, or done)',
    query: erasureListQuerySchema,
    response: { 200: envelope(z.array(erasureRequestSchema)) },
  },
  executeErasure: {
    tags: ['privacy'],
    summary: 'Carry out an erasure request: the family is erased, finished inquiries keep its rows under a pseudonym',
    params: idParamsSchema,
    response: { 200: envelope(erasureResultSchema) },
  },
});
