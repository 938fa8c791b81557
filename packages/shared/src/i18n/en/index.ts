import type { Catalog } from '../types.js';
import type { de } from '../de/index.js';
import { auth } from './auth.js';
import { common } from './common.js';
import { errors } from './errors.js';
import { nav } from './nav.js';
import { validation } from './validation.js';
import { kitas } from './kitas.js';
import { categories } from './categories.js';
import { groups } from './groups.js';
import { users } from './users.js';
import { accounts } from './accounts.js';
import { messages } from './messages.js';
import { parents } from './parents.js';
import { children } from './children.js';
import { registration } from './registration.js';
import { results } from './results.js';
import { events } from './events.js';
import { preference } from './preference.js';
import { delivery } from './delivery.js';
import { audit } from './audit.js';
import { mydata } from './mydata.js';

/** English catalog, typed against the German one: a missing key fails the compile. */
export const en: Catalog<typeof de> = {
  errors,
  common,
  nav,
  auth,
  validation,
  kitas,
  categories,
  groups,
  users,
  accounts,
  messages,
  events,
  preference,
  parents,
  children,
  registration,
  results,
  delivery,
  audit,
  mydata,
};
