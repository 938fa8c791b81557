import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryInputSchema,
  categorySchema,
  categoryUpdateSchema,
  envelope,
  idParamsSchema,
  kitaCategoriesSchema,
  kitaIdParamsSchema,
} from '@kita/shared';
import { categories } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { findCategories, findStructureKita } from './queries.js';
import { createCategory, deleteCategory, getCategory, loadCategoryInScope, renameCategory } from './service.js';
import { contextOf } from '../../lib/context.js';

const tags = ['categories'];

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/categories',
    { preHandler: staff, schema: { tags, summary: 'Categories (with groups) in the caller scope', response: { 200: envelope(z.array(categorySchema)) } } },
    async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findCategories(app.db, kitaId ? eq(categories.kitaId, kitaId) : undefined)) };
    },
  );

  app.get(
    '/categories/kita/:kitaId',
    { preHandler: staff, schema: { tags, summary: 'The categories of one Kita', params: kitaIdParamsSchema, response: { 200: envelope(kitaCategoriesSchema) } } },
    async (req) => {
      const { kitaId } = req.params;
      const kitaNotFound = () => notFound('kitas.notFound', { id: kitaId });
      assertKitaScope(authOf(req), kitaId, kitaNotFound);
      const kita = await findStructureKita(app.db, kitaId);
      if (!kita) throw kitaNotFound();
      const cats = await findCategories(app.db, eq(categories.kitaId, kitaId));
      return { data: { kitaId, kitaName: kita.kitaName, timezone: kita.timezone, categories: cats } };
    },
  );

  app.get(
    '/categories/:id',
    { preHandler: staff, schema: { tags, summary: 'A category with its groups', params: idParamsSchema, response: { 200: envelope(categorySchema) } } },
    async (req) => {
      await loadCategoryInScope(app.db, authOf(req), req.params.id);
      return { data: await getCategory(app.db, req.params.id) };
    },
  );

  app.post(
    '/categories',
    { preHandler: staff, schema: { tags, summary: 'Create a category (one Kindergarten and one Krippe per Kita)', body: categoryInputSchema, response: { 201: envelope(categorySchema) } } },
    async (req, reply) => {
      reply.status(201);
      return { data: await createCategory(contextOf(app, req), req.body) };
    },
  );

  app.put(
    '/categories/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'Rename a category', params: idParamsSchema, body: categoryUpdateSchema, response: { 200: envelope(categorySchema) } },
    },
    async (req) => ({ data: await renameCategory(contextOf(app, req), req.params.id, req.body.categoryName) }),
  );

  app.delete(
    '/categories/:id',
    { preHandler: staff, schema: { tags, summary: 'Delete a category without children or events', params: idParamsSchema, response: { 200: envelope(z.object({ categoryId: z.string() })) } } },
    async (req) => {
      await deleteCategory(contextOf(app, req), req.params.id);
      return { data: { categoryId: req.params.id } };
    },
  );
};
