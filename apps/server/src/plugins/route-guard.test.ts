import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { markAuthGuard, PUBLIC_ROUTES, routeGuardPlugin } from './route-guard.js';

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(routeGuardPlugin);
  await app.register(async (api) => register(api), { prefix: '/api' });
  return app;
}

describe('route guard (onRoute)', () => {
  it('refuses at build time an API route with neither an auth preHandler nor a PUBLIC_ROUTES entry', async () => {
    const err = await appWith((api) => {
      api.get('/unlisted', async () => ({ ok: true }));
    })
      .then((app) => app.ready())
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('GET /api/unlisted');
  });

  it('refuses a preHandler that is not an auth guard', async () => {
    const err = await appWith((api) => {
      api.post('/unlisted', { preHandler: async () => undefined }, async () => ({ ok: true }));
    })
      .then((app) => app.ready())
      .then(() => null, (e: unknown) => e);
    expect((err as Error).message).toContain('POST /api/unlisted');
  });

  it('accepts a guarded route, a listed public route, and the web app outside /api', async () => {
    expect(PUBLIC_ROUTES).toContain('GET /api/health');
    const app = await appWith((api) => {
      api.get('/guarded', { preHandler: markAuthGuard(async () => undefined) }, async () => ({ ok: true }));
      api.get('/health', async () => ({ ok: true }));
    });
    app.get('/index.html', async () => 'page');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
