import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushApi } from '@kita/shared/api';
import { contextOf, publicContextOf } from '../../lib/context.js';
import { serve } from '../../lib/routes.js';
import { listSubscriptions, publicKey, recordOpened, subscribe, unsubscribe } from './service.js';

/**
 * Web push (docs/domain.md "Messages"): the VAPID public key, the family's devices (a parent's
 * login or a preference link session acts for its own family only), and the "opened" report of a
 * notification, which carries the unguessable reference of its payload instead of a session.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const family = app.requireSession({ link: true });

  app.route({
    ...serve(pushApi.publicKey),
    handler: async () => ({ data: publicKey(app) }),
  });

  app.route({
    ...serve(pushApi.list),
    preHandler: family,
    handler: async (req) => ({ data: await listSubscriptions(contextOf(app, req)) }),
  });

  app.route({
    ...serve(pushApi.subscribe),
    preHandler: family,
    handler: async (req, reply) => reply.status(201).send({ data: await subscribe(contextOf(app, req), req.body) }),
  });

  app.route({
    ...serve(pushApi.unsubscribe),
    preHandler: family,
    handler: async (req, reply) => {
      await unsubscribe(contextOf(app, req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...serve(pushApi.opened),
    handler: async (req, reply) => {
      await recordOpened(publicContextOf(app, req), req.body.ref);
      return reply.status(204).send();
    },
  });
};
