import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentPayload, parentsWorld, type World } from '../../../test/factories-parents.js';
import { openMessage } from '../../notify/secrets.js';
import { testSecretKey } from '../../../test/factories-accounts.js';

/**
 * A logged-in parent could send e-mail anywhere: change the own e-mail, ask
 * for the activation mail again, repeat. In the review: 120 activation mails to 40 outside
 * addresses in 10 s, each greeting with a 100-character "name" the parent chose, signed by the
 * Kita's mail domain. Now: no chosen text in mail to an unproved address, a few address changes
 * and activation mails per account and day.
 */

let t: TestContext;
let w: World;
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld)));
afterAll(async () => t.close());

/** Names allow letters, spaces, apostrophes and hyphens: enough for a message. */
const PHISH = 'Ihr Konto ist gesperrt Entsperren Sie es sofort unter evil Punkt test sonst verfällt Ihr Kitaplatz'.slice(0, 100);

describe('a logged-in parent and e-mail to addresses nobody proved', () => {
  it('cannot have mail sent to many outside addresses, and the mail carries no text the parent chose', async () => {
    const id = w.owner.parent.id;
    const addresses = Array.from({ length: 40 }, (_, i) => `victim${i}@outside.test`);
    const changes: number[] = [];
    const resends: number[] = [];
    for (const email of addresses) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/parents/${id}`,
        headers: w.headers.owner,
        payload: parentPayload(w.a.kita.id, { parentId: id, name: PHISH, email }),
      });
      changes.push(put.statusCode);
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'POST', url: `/api/auth/${id}/re-activate-email`, headers: w.headers.owner, payload: { email } });
        resends.push(res.statusCode);
      }
    }
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'activation'), inArray(outboxMessages.recipient, addresses)));
    // Three address changes a day, then 429 with a clear message; five activation mails a day per account.
    expect(changes.filter((s) => s === 200)).toHaveLength(3);
    expect(changes.slice(3).every((s) => s === 429)).toBe(true);
    expect(mails.length).toBeLessThanOrEqual(5);
    expect(new Set(mails.map((m) => m.recipient)).size).toBeLessThanOrEqual(3);
    for (const m of mails) {
      const open = openMessage(m, testSecretKey);
      expect(`${open.subject} ${open.bodyText} ${open.bodyHtml}`).not.toContain('gesperrt');
      expect(open.bodyText).toMatch(/^Guten Tag,/);
    }
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/parents/${id}`,
      headers: { ...w.headers.owner, 'accept-language': 'en' },
      payload: parentPayload(w.a.kita.id, { parentId: id, name: PHISH, email: 'one-more@outside.test' }),
    });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      429,
      'ADDRESS_CHANGE_LIMIT',
      'The e-mail address has been changed too often today. Please try again tomorrow or contact the Kita management.',
    ]);
  });

  it('staff correcting an address are not limited', async () => {
    const id = w.other.parent.id;
    for (let i = 0; i < 5; i++) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/parents/${id}`,
        headers: w.headers.managerA,
        payload: parentPayload(w.a.kita.id, { parentId: id, name: 'Otto Other', email: `otto${i}@familie.test` }),
      });
      expect(put.statusCode).toBe(200);
    }
  });
});
