import type { Catalog } from '../types.js';
import type { accounts as de } from '../de/accounts.js';

export const accounts: Catalog<typeof de> = {
  title: 'Account',
};
