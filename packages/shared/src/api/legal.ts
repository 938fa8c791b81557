import { envelope, legalParamsSchema, legalQuerySchema, legalTextSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const legalApi = defineRoutes(apiRoutes.legal, {
  page: {
    tags: ['legal'],
    summary: 'Privacy notice, imprint or accessibility statement as Markdown (German or English)',
    params: legalParamsSchema,
    query: legalQuerySchema,
    response: { 200: envelope(legalTextSchema) },
  },
});
