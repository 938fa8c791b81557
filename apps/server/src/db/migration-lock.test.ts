import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/fresh-database.js';
import { DatabaseUnreachableError, openDatabase, type Database } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('start-up against PostgreSQL', () => {
  it.skipIf(!adminUrl)('three processes opening an empty database at once all start (migrations take an advisory lock)', async () => {
    const fresh = await freshDatabase(adminUrl!, 'kita_lock');
    const url = fresh.url;
    const opened: Database[] = [];
    try {
      // Three separate pools = three sessions racing exactly like three processes.
      const results = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url: url, poolSize: 2 })));
      for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const journal = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const tables = await check.query("select count(*)::int as n from information_schema.tables where table_name = 'outbox_messages'");
      await check.end();
      expect(journal.rows[0].n).toBeGreaterThan(0);
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await Promise.all(opened.map((d) => d.close()));
      await fresh.drop();
    }
  });

  it('an unreachable database ends in one line naming it, without the password', async () => {
    const err = await openDatabase({ url: 'postgres://kita:geheim@127.0.0.1:1/kita', connectAttempts: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnreachableError);
    const message = (err as Error).message;
    expect(message).toMatch(/^Database unreachable at postgres:\/\/kita@127\.0\.0\.1:1\/kita: ECONNREFUSED .*\(2 attempts\)$/);
    expect(message).not.toContain('geheim');
    expect(message).not.toContain('\n');
  });
});
