export * from './define.js';
export { apiRoutes, fillPath } from './routes.js';
import { accountMailsApi } from './account-mails.js';
import { auditApi } from './audit.js';
import { legalApi } from './legal.js';
import { privacyApi } from './privacy.js';
import { priorityApi } from './priority.js';
import { pushApi } from './push.js';
import { accountsApi } from './accounts.js';
import { authApi } from './auth.js';
import { categoriesApi } from './categories.js';
import { childrenApi } from './children.js';
import { deliveryApi } from './delivery.js';
import { devApi } from './dev.js';
import { eventsApi } from './events.js';
import { groupsApi } from './groups.js';
import { kitasApi } from './kitas.js';
import { operationsApi } from './operations.js';
import { parentsApi } from './parents.js';
import { preferencesApi } from './preferences.js';
import { resultsApi } from './results.js';
import { usersApi } from './users.js';
import type { RouteAddress } from './define.js';

export {
  accountMailsApi,
  auditApi,
  legalApi,
  privacyApi,
  priorityApi,
  pushApi,
  accountsApi,
  authApi,
  categoriesApi,
  childrenApi,
  deliveryApi,
  devApi,
  eventsApi,
  groupsApi,
  kitasApi,
  operationsApi,
  parentsApi,
  preferencesApi,
  resultsApi,
  usersApi,
};

/** Every route's full definition, by the area names of `apiRoutes`. */
export const apiDefinitions = {
  accountMails: accountMailsApi,
  audit: auditApi,
  legal: legalApi,
  privacy: privacyApi,
  priority: priorityApi,
  push: pushApi,
  accounts: accountsApi,
  auth: authApi,
  categories: categoriesApi,
  children: childrenApi,
  delivery: deliveryApi,
  dev: devApi,
  events: eventsApi,
  groups: groupsApi,
  kitas: kitasApi,
  operations: operationsApi,
  parents: parentsApi,
  preferences: preferencesApi,
  results: resultsApi,
  users: usersApi,
};

type Definitions = typeof apiDefinitions;
/** The union of all route definitions. */
export type ApiDefinition = { [G in keyof Definitions]: Definitions[G][keyof Definitions[G]] }[keyof Definitions];

/** The full definition of an address of `apiRoutes` (found by its method and path). */
export type DefinitionOf<A extends RouteAddress> = Extract<ApiDefinition, { method: A['method']; path: A['path'] }>;
