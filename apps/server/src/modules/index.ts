import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';

/** Every API module, mounted under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
}
