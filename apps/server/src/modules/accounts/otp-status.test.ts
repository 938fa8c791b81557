import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createParent, createStaff, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, postAuth } from '../../../test/factories-accounts.js';

let t: TestContext;
let kitaId: string;
beforeAll(async () => ({ t, w: kitaId } = await testAppWith(newKitaId)));
afterAll(async () => t.close());

const status = async (otpToken: string) => (await t.app.inject({ url: `/api/auth/otp-status?otpToken=${encodeURIComponent(otpToken)}` })).json().data;

/**
 * A code SMS to a landline failed and the code page still said the code had been sent.
 * The page asks how its SMS fared.
 */
describe('GET auth/otp-status', () => {
  it('follows the code SMS from the outbox to a failure with its reason', async () => {
    const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kitaId)).id);
    const { parent } = await createParent(t.db, kitaId);
    const res = await postAuth(t, `${parent.id}/otp`, { phoneNumber: '+491709876543' }, manager);
    expect(res.statusCode).toBe(200);
    const { otpToken } = res.json().data;
    expect(await status(otpToken)).toEqual({ state: 'sending', reason: null });
    expect(await t.app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await status(otpToken)).state).toMatch(/^(sent|delivered)$/);

    // The provider reports it undeliverable (what a delivery report of a landline writes).
    const sms = await lastMessageTo(t.db, '+491709876543');
    await t.db.update(outboxMessages).set({ deliveryStatus: 'undelivered', failureReason: 'landline' }).where(eq(outboxMessages.id, sms.id));
    expect(await status(otpToken)).toEqual({ state: 'failed', reason: 'landline' });
  });

  it('says nothing about unknown challenges', async () => {
    expect(await status('not-a-token')).toEqual({ state: 'unknown', reason: null });
  });
});
