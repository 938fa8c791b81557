import { z } from 'zod';
import { envelope, parentDetailsSchema, parentInputSchema, parentKitaParamsSchema, parentListQuerySchema, parentPathSchema, parentRejectSchema, parentSchema, parentUpdateSchema, registeredParentSchema, uuidSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const parentsApi = defineRoutes(apiRoutes.parents, {
  csv: {
    tags: ['parents'],
    summary: "The parents list as CSV with contacts and children: the manager's Kita, an Admin's every Kita or the one named (UTF-8 with BOM)",
    query: parentListQuerySchema,
    produces: ['text/csv'],
  },
  list: {
    tags: ['parents'],
    summary: 'Parents of all Kitas (Admin) or of the manager\'s Kita',
    query: parentListQuerySchema,
    response: { 200: envelope(z.array(parentSchema)) },
  },
  listOfKita: {
    tags: ['parents'],
    params: parentKitaParamsSchema,
    response: { 200: envelope(z.array(parentSchema)) },
  },
  registeredOfKita: {
    tags: ['parents'],
    summary: 'Registrations waiting for approval',
    params: parentKitaParamsSchema,
    response: { 200: envelope(z.array(registeredParentSchema)) },
  },
  get: {
    tags: ['parents'],
    params: parentPathSchema,
    query: z.object({ kitaId: uuidSchema.optional() }),
    response: { 200: envelope(parentDetailsSchema) },
  },
  create: {
    tags: ['parents'],
    body: parentInputSchema,
    response: { 201: envelope(parentDetailsSchema) },
  },
  update: {
    tags: ['parents'],
    params: z.object({ parentId: uuidSchema }),
    body: parentUpdateSchema,
    response: { 200: envelope(parentDetailsSchema) },
  },
  remove: {
    tags: ['parents'],
    params: parentPathSchema,
    response: { 200: envelope(z.object({ parentId: z.string() })) },
  },
  approve: {
    tags: ['parents'],
    params: parentPathSchema,
    response: { 200: envelope(parentDetailsSchema) },
  },
  reject: {
    tags: ['parents'],
    summary: 'Reject a registration (added)',
    params: parentPathSchema,
    body: parentRejectSchema,
    response: { 200: envelope(parentDetailsSchema) },
  },
});
