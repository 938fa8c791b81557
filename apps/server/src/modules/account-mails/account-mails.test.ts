import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedAccountMail } from '@kita/shared';
import { outboxMessages, parents } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createParent, createStaff } from '../../../test/factories.js';
import { createKita } from '../../../test/factories.js';
import { providerEnv, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from '../../../test/fake-providers.js';

/**
 * Activation and password-reset mails that failed for good were shown nowhere (only
 * inquiries had a resend). The receiving server refuses two addresses here (550, mailbox does not
 * exist); the Admin finds both mails and sends them again, after correcting the parent's typo.
 */
const TYPO = 'anna.mueller@kita-typo.test';
const STAFF_BAD = 'leitung@kita-typo.test';

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let admin: Record<string, string>;
let manager: Record<string, string>;
let kitaId: string;

beforeAll(async () => {
  smtp = await startSmtpSink({ rejectRecipients: [TYPO, STAFF_BAD] });
  twilio = await startFakeTwilio();
  t = await createTestApp({ env: providerEnv(smtp, twilio) });
  const k = await createKita(t.db, 'Kita Regenbogen');
  kitaId = k.kita.id;
  admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kitaId)).id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

async function drain() {
  for (let i = 0; i < 20 && (await t.app.outbox.runOnce()) > 0; i++);
}
const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/account-mails/failed', headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data as FailedAccountMail[];
};
const resend = (messageId: string, headers = admin) => t.app.inject({ method: 'POST', url: `/api/account-mails/${messageId}/resend`, headers });

describe('failed account mails for the Admin', () => {
  it('lists a failed activation and reset mail; a resend after the fix delivers a working link', async () => {
    const anna = await createParent(t.db, kitaId, { name: 'Anna Müller', email: TYPO, emailVerified: false });
    const reactivate = await t.app.inject({ method: 'POST', url: `/api/auth/${anna.parent.id}/re-activate-email`, headers: manager, payload: { email: TYPO } });
    expect(reactivate.statusCode).toBe(200);
    await createStaff(t.db, 'KitaManager', kitaId, STAFF_BAD);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: STAFF_BAD } })).statusCode).toBe(200);
    await drain();

    const failed = await list();
    expect(failed.map((f) => [f.kind, f.recipient, f.accountRole]).sort()).toEqual([
      ['activation', TYPO, 'Parent'],
      ['password_reset', STAFF_BAD, 'Staff'],
    ]);
    const activation = failed.find((f) => f.kind === 'activation')!;
    expect(activation).toMatchObject({ accountName: 'Anna Müller', kitaName: 'Kita Regenbogen', failureReason: 'no_such_address' });

    // Only the Admin: a manager is refused and nothing is sent.
    expect((await resend(activation.messageId, manager)).statusCode).toBe(403);

    // The typo is corrected; the resend goes to the current address with a fresh link.
    const fixed = `anna.mueller-${Date.now()}@kita.test`;
    await t.db.update(parents).set({ email: fixed }).where(eq(parents.id, anna.parent.id));
    const again = await resend(activation.messageId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ kind: 'activation', recipient: fixed });
    // Replaced by the new mail at once: a second click does not send a second mail.
    expect((await list()).map((f) => f.kind)).toEqual(['password_reset']);
    expect((await resend(activation.messageId)).statusCode).toBe(404);
    await drain();

    const mail = smtp.mails.find((m) => m.to.includes(fixed));
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const activated = await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${token}` });
    expect(activated.statusCode).toBe(200);
    expect((await t.db.select().from(parents).where(eq(parents.id, anna.parent.id)))[0]!.emailVerified).toBe(true);

    // The staff reset mail still fails at that server: after its resend it is listed again (the new one).
    const reset = failed.find((f) => f.kind === 'password_reset')!;
    expect((await resend(reset.messageId)).statusCode).toBe(200);
    await drain();
    const after = await list();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'password_reset', recipient: STAFF_BAD });
    expect(after[0]!.messageId).not.toBe(reset.messageId);
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, STAFF_BAD));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'failed']);
  });
});
