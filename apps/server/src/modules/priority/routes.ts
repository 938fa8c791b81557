import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  parentPriorityResultSchema,
  priorityConfirmationSchema,
  priorityConfirmInputSchema,
  priorityGroupSchema,
  priorityGroupsInputSchema,
  priorityKitaParamsSchema,
  priorityParentParamsSchema,
} from '@kita/shared';
import { contextOf } from '../../lib/context.js';
import {
  confirmParentPriority,
  endParentPriority,
  getParentPriority,
  listKitaConfirmations,
  listPriorityGroups,
  replacePriorityGroups,
} from './service.js';

const tags = ['priority'];

/**
 * Verified priority (rule version 3): the Kita's groups and its confirmations are staff routes;
 * the family may read its own confirmation (without the group). Scope and discretion: service.ts.
 */
export const priorityRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/kitas/:kitaId/priority-groups',
    {
      preHandler: staff,
      schema: { tags, summary: 'The Kita\'s priority groups in the order they are served (added)', params: priorityKitaParamsSchema, response: { 200: envelope(z.array(priorityGroupSchema)) } },
    },
    async (req) => ({ data: await listPriorityGroups(contextOf(app, req), req.params.kitaId) }),
  );

  app.put(
    '/kitas/:kitaId/priority-groups',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Replace the Kita\'s priority groups; order = order of service (added)',
        params: priorityKitaParamsSchema,
        body: priorityGroupsInputSchema,
        response: { 200: envelope(z.array(priorityGroupSchema)) },
      },
    },
    async (req) => ({ data: await replacePriorityGroups(contextOf(app, req), req.params.kitaId, req.body) }),
  );

  app.get(
    '/kitas/:kitaId/priority-confirmations',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Confirmations not yet ended, soonest end first, with "ending soon" (added)',
        params: priorityKitaParamsSchema,
        response: { 200: envelope(z.array(priorityConfirmationSchema)) },
      },
    },
    async (req) => ({ data: await listKitaConfirmations(contextOf(app, req), req.params.kitaId) }),
  );

  app.get(
    '/parents/:parentId/priority',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: {
        tags,
        summary: 'The family\'s confirmation; the group and note only for the Kita\'s staff (added)',
        params: priorityParentParamsSchema,
        response: { 200: envelope(parentPriorityResultSchema) },
      },
    },
    async (req) => ({ data: { confirmation: await getParentPriority(contextOf(app, req), req.params.parentId) } }),
  );

  app.post(
    '/parents/:parentId/priority',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Confirm the family (or one child) for a priority group until a date (added)',
        params: priorityParentParamsSchema,
        body: priorityConfirmInputSchema,
        response: { 201: envelope(priorityConfirmationSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await confirmParentPriority(contextOf(app, req), req.params.parentId, req.body) }),
  );

  app.delete(
    '/parents/:parentId/priority',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'End the family\'s confirmation now (added)',
        params: priorityParentParamsSchema,
        response: { 200: envelope(z.object({ parentId: z.string(), endedConfirmationId: z.string() })) },
      },
    },
    async (req) => ({ data: await endParentPriority(contextOf(app, req), req.params.parentId) }),
  );
};
