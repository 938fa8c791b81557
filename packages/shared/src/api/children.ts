import { z } from 'zod';
import { childIdParamsSchema, childInputSchema, childKitaParamsSchema, childQuerySchema, childSchema, childUpdateSchema, envelope } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const childrenApi = defineRoutes(apiRoutes.children, {
  list: {
    tags: ['children'],
    summary: 'All children (Admin; optionally one Kita), the manager\'s Kita, or a parent\'s own',
    query: childQuerySchema,
    response: { 200: envelope(z.array(childSchema)) },
  },
  listOfKita: {
    tags: ['children'],
    params: childKitaParamsSchema,
    response: { 200: envelope(z.array(childSchema)) },
  },
  get: {
    tags: ['children'],
    params: childIdParamsSchema,
    query: childQuerySchema,
    response: { 200: envelope(childSchema) },
  },
  create: {
    tags: ['children'],
    body: childInputSchema,
    response: { 201: envelope(childSchema) },
  },
  update: {
    tags: ['children'],
    params: childIdParamsSchema,
    body: childUpdateSchema,
    response: { 200: envelope(childSchema) },
  },
  remove: {
    tags: ['children'],
    params: childIdParamsSchema,
    response: { 200: envelope(z.object({ childId: z.string() })) },
  },
});
