import { prepareTestDatabaseTemplate } from './database.js';

/** vitest globalSetup: the migrated template database is built once per run (see database.ts). */
export default async function setup(): Promise<void> {
  await prepareTestDatabaseTemplate();
}
