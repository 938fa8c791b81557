import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the route schemas, at /api/openapi.json, readable at /api/docs.
 * API_DOCS decides who gets them: public (development, tests), admin (an Admin's session, e.g.
 * `curl -H "Authorization: Bearer …"`), off (the production default: both answer 404).
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kita Notbetreuung API', version: '1.0.0', description: 'Emergency care demand inquiries for Kitas.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
});

/** The routes that serve it; registered after the auth plugin, whose session hook they need for API_DOCS=admin. */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  const mode = app.config.API_DOCS;
  if (mode === 'off') return;
  const adminOnly = mode === 'admin' ? { preHandler: app.requireRole('Admin') } : {};
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, ...(mode === 'admin' ? { uiHooks: adminOnly } : {}) });
  app.get('/api/openapi.json', { schema: { hide: true }, ...adminOnly }, async () => app.swagger());
});
