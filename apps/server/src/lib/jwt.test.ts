import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './jwt.js';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const other = new TextEncoder().encode('another-secret-another-secret-another-0123');
const now = Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown> = {}, key = secret, exp: number | null = now + 3600) => {
  const jwt = new SignJWT({ kind: 'user', ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject('session-1').setIssuedAt();
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(key);
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token with any header and payload, signed with HMAC-SHA256 as given. */
const forge = (header: unknown, payload: unknown, key = secret) => {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
};

describe('verifyHs256', () => {
  it('accepts what jose signs and agrees with jose on it', async () => {
    const token = await sign();
    expect(verifyHs256(token, secret, now)).toMatchObject({ sub: 'session-1', payload: { kind: 'user' } });
    expect((await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload.sub).toBe('session-1');
  });

  it('refuses another key, a changed payload or signature, and malformed tokens', async () => {
    const token = await sign();
    expect(verifyHs256(await sign({}, other), secret, now)).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyHs256(`${h}.${b64({ sub: 'session-2', kind: 'user', exp: now + 3600 })}.${s}`, secret, now)).toBeNull();
    expect(verifyHs256(`${token.slice(0, -2)}AA`, secret, now)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d', `${h}..${s}`, `${token}=`, `${h}.${b64({ sub: 'x' })}.`]) expect(verifyHs256(bad, secret, now)).toBeNull();
  });

  it('refuses alg none, other algorithms and critical headers even with a valid HMAC', () => {
    const payload = { sub: 'session-1', exp: now + 60 };
    expect(verifyHs256(forge({ alg: 'HS256' }, payload), secret, now)).not.toBeNull();
    expect(verifyHs256(forge({ alg: 'none' }, payload), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS512' }, payload), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256', crit: ['b64'] }, payload), secret, now)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'none' })}.${b64(payload)}.`, secret, now)).toBeNull();
  });

  it('refuses expired and not-yet-valid tokens and a payload without a string subject', async () => {
    expect(verifyHs256(await sign({}, secret, now - 1), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, { sub: 's', exp: now }), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, { sub: 's', exp: String(now + 60) }), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, { sub: 's', nbf: now + 60 }), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, { sub: 42 }), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, ['sub']), secret, now)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256' }, { sub: 's' }), secret, now)).toMatchObject({ sub: 's' });
  });
});
