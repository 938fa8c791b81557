import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priorityApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { contextOf } from '../../lib/context.js';
import {
  confirmParentPriority,
  endParentPriority,
  getParentPriority,
  listKitaConfirmations,
  listPriorityGroups,
  replacePriorityGroups,
} from './service.js';

/**
 * Verified priority (rule version 3): the Kita's groups and its confirmations are staff routes;
 * the family may read its own confirmation (without the group). Scope and discretion: service.ts.
 */
export const priorityRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(priorityApi.groups),
    preHandler: staff,
    handler: async (req) => ({ data: await listPriorityGroups(contextOf(app, req), req.params.kitaId) }),
  });

  app.route({
    ...serve(priorityApi.saveGroups),
    preHandler: staff,
    handler: async (req) => ({ data: await replacePriorityGroups(contextOf(app, req), req.params.kitaId, req.body) }),
  });

  app.route({
    ...serve(priorityApi.kitaConfirmations),
    preHandler: staff,
    handler: async (req) => ({ data: await listKitaConfirmations(contextOf(app, req), req.params.kitaId) }),
  });

  app.route({
    ...serve(priorityApi.ofParent),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req) => ({ data: { confirmation: await getParentPriority(contextOf(app, req), req.params.parentId) } }),
  });

  app.route({
    ...serve(priorityApi.confirm),
    preHandler: staff,
    handler: async (req, reply) => reply.status(201).send({ data: await confirmParentPriority(contextOf(app, req), req.params.parentId, req.body) }),
  });

  app.route({
    ...serve(priorityApi.end),
    preHandler: staff,
    handler: async (req) => ({ data: await endParentPriority(contextOf(app, req), req.params.parentId) }),
  });
};
