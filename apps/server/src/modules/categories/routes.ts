import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { categories } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { findCategories, findStructureKita } from './queries.js';
import { createCategory, deleteCategory, getCategory, loadCategoryInScope, renameCategory } from './service.js';
import { contextOf } from '../../lib/context.js';


export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(categoriesApi.list),
    preHandler: staff,
    handler: async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findCategories(app.db, kitaId ? eq(categories.kitaId, kitaId) : undefined)) };
    },
  });

  app.route({
    ...serve(categoriesApi.listOfKita),
    preHandler: staff,
    handler: async (req) => {
      const { kitaId } = req.params;
      const kitaNotFound = () => notFound('kitas.notFound', { id: kitaId });
      assertKitaScope(authOf(req), kitaId, kitaNotFound);
      const kita = await findStructureKita(app.db, kitaId);
      if (!kita) throw kitaNotFound();
      const cats = await findCategories(app.db, eq(categories.kitaId, kitaId));
      return { data: { kitaId, kitaName: kita.kitaName, timezone: kita.timezone, categories: cats } };
    },
  });

  app.route({
    ...serve(categoriesApi.get),
    preHandler: staff,
    handler: async (req) => {
      await loadCategoryInScope(app.db, authOf(req), req.params.id);
      return { data: await getCategory(app.db, req.params.id) };
    },
  });

  app.route({
    ...serve(categoriesApi.create),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await createCategory(contextOf(app, req), req.body) };
    },
  });

  app.route({
    ...serve(categoriesApi.update),
    preHandler: staff,
    handler: async (req) => ({ data: await renameCategory(contextOf(app, req), req.params.id, req.body.categoryName) }),
  });

  app.route({
    ...serve(categoriesApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteCategory(contextOf(app, req), req.params.id);
      return { data: { categoryId: req.params.id } };
    },
  });
};
