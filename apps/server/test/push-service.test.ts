import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { checkVapid, decryptPushPayload, subscriberKeys } from './push-service.js';

/**
 * The push service stand-in's own checks: its decryption (written from RFC 8291, independent of
 * the `web-push` package) against the RFC's worked example, and its VAPID check (RFC 8292).
 */
const b = (s: string) => Buffer.from(s, 'base64url');

describe('push service stand-in', () => {
  it('decrypts the example of RFC 8291 (section 5 / appendix A)', () => {
    const body = b(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    const plain = decryptPushPayload(body, b('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'), b('BTBZMqHH6r4Tts7J_aSIgg'));
    expect(plain.toString('utf8')).toBe('When I grow up, I want to be a watermelon');
    // The wrong auth secret or private key does not open it.
    expect(() => decryptPushPayload(body, b('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'), Buffer.alloc(16))).toThrow();
    expect(() => decryptPushPayload(body, b(subscriberKeys().privateKey), b('BTBZMqHH6r4Tts7J_aSIgg'))).toThrow();
  });

  it('decrypts what web-push encrypts for a fresh subscriber', () => {
    const keys = subscriberKeys();
    const encrypted = webpush.encrypt(keys.p256dh, keys.auth, '{"title":"Kita"}', 'aes128gcm');
    expect(decryptPushPayload(encrypted.cipherText, b(keys.privateKey), b(keys.auth)).toString()).toBe('{"title":"Kita"}');
  });

  it('checks the VAPID header: signature by k, audience, expiry', () => {
    const vapid = webpush.generateVAPIDKeys();
    const now = Math.floor(Date.now() / 1000);
    const headers = webpush.getVapidHeaders('http://127.0.0.1:9', 'mailto:ops@kita.test', vapid.publicKey, vapid.privateKey, 'aes128gcm', now + 3600);
    expect(checkVapid(headers.Authorization, 'http://127.0.0.1:9', now)).toMatchObject({ k: vapid.publicKey, aud: 'http://127.0.0.1:9', sub: 'mailto:ops@kita.test' });
    expect(checkVapid(headers.Authorization, 'http://127.0.0.1:10', now)).toMatch(/aud/);
    const other = webpush.generateVAPIDKeys();
    const forged = headers.Authorization.replace(/k=[^,]+/, `k=${other.publicKey}`);
    expect(checkVapid(forged, 'http://127.0.0.1:9', now)).toMatch(/signature/);
    expect(checkVapid(headers.Authorization, 'http://127.0.0.1:9', now + 7200)).toMatch(/exp/);
    expect(checkVapid(undefined, 'http://127.0.0.1:9', now)).toMatch(/vapid/);
  });
});
