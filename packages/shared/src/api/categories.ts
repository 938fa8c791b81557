import { z } from 'zod';
import { categoryInputSchema, categorySchema, categoryUpdateSchema, envelope, idParamsSchema, kitaCategoriesSchema, kitaIdParamsSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const categoriesApi = defineRoutes(apiRoutes.categories, {
  list: {
    tags: ['categories'],
    summary: 'Categories (with groups) in the caller scope',
    response: { 200: envelope(z.array(categorySchema)) },
  },
  listOfKita: {
    tags: ['categories'],
    summary: 'The categories of one Kita',
    params: kitaIdParamsSchema,
    response: { 200: envelope(kitaCategoriesSchema) },
  },
  get: {
    tags: ['categories'],
    summary: 'A category with its groups',
    params: idParamsSchema,
    response: { 200: envelope(categorySchema) },
  },
  create: {
    tags: ['categories'],
    summary: 'Create a category (one Kindergarten and one Krippe per Kita)',
    body: categoryInputSchema,
    response: { 201: envelope(categorySchema) },
  },
  update: {
    tags: ['categories'],
    summary: 'Rename a category',
    params: idParamsSchema,
    body: categoryUpdateSchema,
    response: { 200: envelope(categorySchema) },
  },
  remove: {
    tags: ['categories'],
    summary: 'Delete a category without children or events',
    params: idParamsSchema,
    response: { 200: envelope(z.object({ categoryId: z.string() })) },
  },
});
