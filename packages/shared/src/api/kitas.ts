import { z } from 'zod';
import { envelope, idParamsSchema, kitaDeleteImpactSchema, kitaDeleteQuerySchema, kitaDetailsSchema, kitaInputSchema, kitaSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const kitasApi = defineRoutes(apiRoutes.kitas, {
  list: {
    tags: ['kitas'],
    summary: 'Kitas in the caller scope',
    response: { 200: envelope(z.array(kitaSchema)) },
  },
  get: {
    tags: ['kitas'],
    summary: 'A Kita with categories, registration link, QR code and managers',
    params: idParamsSchema,
    response: { 200: envelope(kitaDetailsSchema) },
  },
  create: {
    tags: ['kitas'],
    summary: 'Create a Kita (Admin)',
    body: kitaInputSchema,
    response: { 201: envelope(kitaSchema) },
  },
  update: {
    tags: ['kitas'],
    summary: 'Update a Kita (Admin, or its manager)',
    params: idParamsSchema,
    body: kitaInputSchema,
    response: { 200: envelope(kitaSchema) },
  },
  deleteImpact: {
    tags: ['kitas'],
    summary: 'What a deletion of the Kita removes (Admin; added)',
    params: idParamsSchema,
    response: { 200: envelope(kitaDeleteImpactSchema) },
  },
  remove: {
    tags: ['kitas'],
    summary: 'Delete a Kita with all its data (Admin); with finished inquiries only with ?confirmName=<the Kita name>',
    params: idParamsSchema,
    query: kitaDeleteQuerySchema,
    response: { 200: envelope(z.object({ kitaId: z.string() })) },
  },
});
