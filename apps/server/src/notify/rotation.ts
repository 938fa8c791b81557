import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { decryptSecret, encryptSecret, openSecret, type SecretKey } from './secrets.js';

/**
 * JWT_SECRET rotation: the outbox secrets still sealed with JWT_SECRET_PREVIOUS's key
 * are sealed again with the current key, so the previous secret can be removed later without
 * failing a queued message. The worker runs this at start and every RESEAL_INTERVAL_MS while
 * JWT_SECRET_PREVIOUS is set (old processes may still queue messages during a rolling rotation).
 *
 * Each row is updated only if its sealed value is still the one read (`and secret = <read>`):
 * a message delivered in between has its secret blanked and must not get one back.
 * Returns the number of rows re-sealed.
 */
export async function resealOutboxSecrets(db: DbOrTx, current: SecretKey, previous: readonly SecretKey[], pageSize = 500): Promise<number> {
  if (previous.length === 0) return 0;
  let after: string | null = null;
  let resealed = 0;
  for (;;) {
    const page: Array<{ id: string; secret: string }> = (
      await db.execute<{ id: string; secret: string }>(sql`
        select id, secret from outbox_messages
         where secret is not null ${after ? sql`and id > ${after}` : sql``}
         order by id
         limit ${pageSize}`)
    ).rows;
    if (page.length === 0) return resealed;
    for (const row of page) {
      if (decryptSecret(row.secret, current) !== null) continue;
      const opened = openSecret(row.secret, previous);
      // Sealed with neither key: left as it is (the worker fails it with a clear error when due).
      if (!opened) continue;
      const updated = await db.execute<{ id: string }>(sql`
        update outbox_messages set secret = ${encryptSecret(opened.plain, current)}
         where id = ${row.id} and secret = ${row.secret}
        returning id`);
      resealed += updated.rows.length;
    }
    after = page[page.length - 1]!.id;
  }
}

export const RESEAL_INTERVAL_MS = 10 * 60_000;
