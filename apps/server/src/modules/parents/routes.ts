import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parentsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { kitas, parents } from '../../db/schema.js';
import { attachment } from '../../lib/csv.js';
import { requestLanguage } from '../../lib/language.js';
import { parentsCsv } from './csv.js';
import { AppError } from '../../lib/errors.js';
import { assertKitaScope, kitaScopeOf, listIn, listScope } from '../../lib/access.js';
import { authOf } from '../../plugins/auth.js';
import { findChildrenOfParents, findParents, findRegisteredParents } from './queries.js';
import { approveParent, createParent, deleteParent, getParentDetails, rejectParent, updateParent } from './service.js';
import { contextOf } from '../../lib/context.js';


export const parentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(parentsApi.list),
    preHandler: app.requireSession(),
    handler: async (req) => {
      const auth = authOf(req);
      // docs/domain.md "Roles and scope": any caller outside every Kita (a parent, a manager without a Kita) gets this 403.
      if (kitaScopeOf(auth).kind === 'none') throw new AppError(403, 'UNAUTHORIZED_ROLE_OR_KITA');
      return { data: await listIn(listScope(auth, req.query.kitaId), (kitaId) => findParents(app.db, kitaId ? eq(parents.kitaId, kitaId) : undefined)) };
    },
  });

  app.route({
    ...serve(parentsApi.csv),
    preHandler: staff,
    handler: async (req, reply) => {
      const scope = listScope(authOf(req), req.query.kitaId);
      const list = await listIn(scope, (kitaId) => findParents(app.db, kitaId ? eq(parents.kitaId, kitaId) : undefined));
      const childrenOf = new Map<string, Array<Awaited<ReturnType<typeof findChildrenOfParents>>[number]>>();
      for (const c of await findChildrenOfParents(app.db, list.map((p) => p.parentId))) childrenOf.set(c.parentId, [...(childrenOf.get(c.parentId) ?? []), c]);
      const [kita] =
        scope.kind === 'kita' ? await app.db.select({ name: kitas.name, timezone: kitas.timezone }).from(kitas).where(eq(kitas.id, scope.kitaId)) : [];
      const { body, fileName } = parentsCsv(list, childrenOf, requestLanguage(req), app.clock.now(), kita ?? null);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(fileName)).send(body);
    },
  });

  app.route({
    ...serve(parentsApi.listOfKita),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findParents(app.db, eq(parents.kitaId, req.params.kitaId)) };
    },
  });

  app.route({
    ...serve(parentsApi.registeredOfKita),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findRegisteredParents(app.db, req.params.kitaId) };
    },
  });

  app.route({
    ...serve(parentsApi.get),
    preHandler: app.requireSession(),
    handler: async (req) => ({ data: await getParentDetails(app.db, authOf(req), req.params.id, app.clock.now(), req.query.kitaId) }),
  });

  app.route({
    ...serve(parentsApi.create),
    preHandler: staff,
    handler: async (req, reply) => reply.status(201).send({ data: await createParent(contextOf(app, req), req.body) }),
  });

  app.route({
    ...serve(parentsApi.update),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req) => ({ data: await updateParent(contextOf(app, req), req.params.parentId, req.body) }),
  });

  app.route({
    ...serve(parentsApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteParent(contextOf(app, req), req.params.id);
      return { data: { parentId: req.params.id } };
    },
  });

  app.route({
    ...serve(parentsApi.approve),
    preHandler: staff,
    handler: async (req) => ({ data: await approveParent(contextOf(app, req), req.params.id) }),
  });

  app.route({
    ...serve(parentsApi.reject),
    preHandler: staff,
    handler: async (req) => ({ data: await rejectParent(contextOf(app, req), req.params.id, req.body?.message) }),
  });
};
