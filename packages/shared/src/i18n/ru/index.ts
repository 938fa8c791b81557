import type { FamilyCatalog } from '../types.js';
import { accounts } from './accounts.js';
import { auth } from './auth.js';
import { children } from './children.js';
import { common } from './common.js';
import { delivery } from './delivery.js';
import { errors } from './errors.js';
import { messages } from './messages.js';
import { mydata } from './mydata.js';
import { nav } from './nav.js';
import { parents } from './parents.js';
import { preference } from './preference.js';
import { priority } from './priority.js';
import { results } from './results.js';
import { validation } from './validation.js';

/**
 * The catalog of a family language: every text a family can meet, checked against the German keys
 * and this language's plural forms at compile time. Staff-only namespaces are left out; English
 * fills in (docs/translations.md).
 */
export const ru: FamilyCatalog<'ru'> = {
  errors,
  common,
  nav,
  auth,
  validation,
  accounts,
  messages,
  mydata,
  preference,
  priority,
  parents,
  children,
  results,
  delivery,
};
