import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, parents } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentPayload, parentsWorld, type World } from '../../../test/factories-parents.js';
import { openMessage } from '../../notify/secrets.js';
import { testSecretKey } from '../../../test/factories-accounts.js';

/**
 * A parent changing the own e-mail address. Before, the new address applied at once and an
 * address of another family answered 409 EMAIL_TAKEN: a logged-in parent could test which
 * addresses are registered. Now the new address waits for its owner to open the link sent to it,
 * and the answer is the same whether the address is free or taken.
 */

let t: TestContext;
let w: World;
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld)));
afterAll(async () => t.close());

const put = (id: string, headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/parents/${id}`, headers, payload: body });

async function mailsTo(address: string) {
  return t.db.select().from(outboxMessages).where(and(eq(outboxMessages.kind, 'email_change'), eq(outboxMessages.recipient, address)));
}

/** The token of the link in a confirmation mail. */
function tokenOf(row: typeof outboxMessages.$inferSelect): string {
  const open = openMessage(row, testSecretKey);
  const match = /verify-email\?token=([\w-]+)/.exec(open.bodyText);
  if (!match) throw new Error(`no link in ${open.bodyText}`);
  return match[1]!;
}

describe("a parent's own new e-mail address", () => {
  it('answers alike for a free and for another family’s address, and changes nothing until the link is opened', async () => {
    const id = w.owner.parent.id;
    const before = w.owner.parent.email;
    const taken = w.other.parent.email!;
    const free = 'anna.neu@familie.test';

    const takenRes = await put(id, w.headers.owner, parentPayload(w.a.kita.id, { parentId: id, name: 'Anna Owner', email: taken }));
    const takenBody = takenRes.json().data;
    const freeRes = await put(id, w.headers.owner, parentPayload(w.a.kita.id, { parentId: id, name: 'Anna Owner', email: free }));
    const freeBody = freeRes.json().data;

    // Same status, same shape, the old address still in place; only the echoed pending address differs.
    expect([takenRes.statusCode, freeRes.statusCode]).toEqual([200, 200]);
    expect(takenBody.email).toBe(before);
    expect(freeBody.email).toBe(before);
    expect(takenBody.pendingEmail).toBe(taken);
    expect(freeBody.pendingEmail).toBe(free);
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freeBody).sort());
    expect({ ...takenBody, pendingEmail: null, updatedAt: null }).toEqual({ ...freeBody, pendingEmail: null, updatedAt: null });

    // The other family's address gets nothing; the free one gets a link with no text the parent chose.
    expect(await mailsTo(taken)).toHaveLength(0);
    const [mail] = await mailsTo(free);
    expect(mail).toBeDefined();
    const open = openMessage(mail!, testSecretKey);
    expect(open.bodyText).toMatch(/^Guten Tag,/);
    expect(open.bodyText).not.toContain('Anna');

    // Opening the link applies the address, verified.
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${tokenOf(mail!)}`, payload: {} });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(parents).where(eq(parents.id, id));
    expect([row!.email, row!.emailVerified]).toEqual([free, true]);
    const details = await t.app.inject({ method: 'GET', url: `/api/parents/${id}`, headers: w.headers.owner });
    expect(details.json().data).toMatchObject({ email: free, pendingEmail: null });
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'parent'), eq(auditLog.entityId, id)));
    expect(audited.some((a) => (a.details as { emailChangeConfirmed?: boolean } | null)?.emailChangeConfirmed)).toBe(true);

    // A used link does not work twice.
    const again = await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${tokenOf(mail!)}`, payload: {} });
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('a newer request replaces an older one, and a link for an address taken meanwhile applies nothing', async () => {
    const id = w.other.parent.id;
    const first = 'otto.eins@familie.test';
    const second = 'otto.zwei@familie.test';
    await put(id, w.headers.other, parentPayload(w.a.kita.id, { parentId: id, name: 'Otto Other', email: first }));
    await put(id, w.headers.other, parentPayload(w.a.kita.id, { parentId: id, name: 'Otto Other', email: second }));
    const [older] = await mailsTo(first);
    const [newer] = await mailsTo(second);
    const stale = await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${tokenOf(older!)}`, payload: {} });
    expect(stale.json().code).toBe('TOKEN_INVALID');

    // Staff give the address to another family before the link is opened.
    const staffPut = await put(w.owner.parent.id, w.headers.managerA, parentPayload(w.a.kita.id, { parentId: w.owner.parent.id, name: 'Anna Owner', email: second }));
    expect(staffPut.statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${tokenOf(newer!)}`, payload: {} });
    expect([late.statusCode, late.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    const [row] = await t.db.select().from(parents).where(eq(parents.id, id));
    expect(row!.email).toBe(w.other.parent.email);
  });

  it('staff still change an address at once and are told when it is taken', async () => {
    const res = await put(w.other.parent.id, w.headers.managerA, parentPayload(w.a.kita.id, { parentId: w.other.parent.id, name: 'Otto Other', email: w.parentB.parent.email }));
    expect([res.statusCode, res.json().code]).toEqual([409, 'EMAIL_TAKEN']);
  });
});
