import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';
import { accountsRoutes } from './accounts/routes.js';
import { devRoutes } from './dev/routes.js';
import { kitaRoutes } from './kitas/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { groupRoutes } from './groups/routes.js';
import { userRoutes } from './users/routes.js';
import { parentsRoutes } from './parents/routes.js';
import { childrenRoutes } from './children/routes.js';
import { eventRoutes } from './events/routes.js';
import { preferenceRoutes } from './preferences/routes.js';
import { resultsRoutes } from './results/routes.js';
import { priorityRoutes } from './priority/routes.js';
import { deliveryCallbackRoutes, deliveryRoutes } from './delivery/routes.js';
import { accountMailRoutes } from './account-mails/routes.js';
import { operatorRoutes } from './delivery/operator-routes.js';
import { legalRoutes } from './legal/routes.js';
import { privacyRoutes } from './parents/privacy-routes.js';
import { auditRoutes } from './audit/routes.js';
import { pushRoutes } from './push/routes.js';

/** Every API module, mounted under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(devRoutes, { prefix: '/api' });
  await app.register(kitaRoutes, { prefix: '/api' });
  await app.register(categoryRoutes, { prefix: '/api' });
  await app.register(groupRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(parentsRoutes, { prefix: '/api' });
  await app.register(childrenRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(preferenceRoutes, { prefix: '/api' });
  await app.register(resultsRoutes, { prefix: '/api' });
  await app.register(priorityRoutes, { prefix: '/api' });
  await app.register(deliveryRoutes, { prefix: '/api' });
  await app.register(accountMailRoutes, { prefix: '/api' });
  await app.register(operatorRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api' });
  await app.register(privacyRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api' });
  // Full paths: the provider signs the exact URL we gave it.
  await app.register(deliveryCallbackRoutes);
}
