import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies a compact HS256 JWT as the auth plugin issues them (jose's SignJWT) and returns its
 * subject, or null for anything else: a bad signature, another algorithm ("none", RS256 ...), a
 * `crit` header, an expired or not-yet-valid token, a payload without a string subject.
 *
 * Every authenticated request verifies one token. jose's jwtVerify goes through WebCrypto (a key
 * import and an async job per call) and cost about 13x the CPU of this direct HMAC in
 * bench/answer-path.ts's micro-measure; signing stays with jose.
 *
 * `nowSeconds` is required and comes from the app's clock: a session signed by the app clock is
 * judged by the same clock (a default of the real time once made every test with a pinned clock
 * fail 12 hours after its pinned date).
 */
export function verifyHs256(token: string, secret: Uint8Array, nowSeconds: number): { sub: string; payload: Record<string, unknown> } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  const b64url = /^[A-Za-z0-9_-]*$/;
  if (!b64url.test(head) || !b64url.test(body) || !b64url.test(signature) || signature.length === 0) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(header) || header.alg !== 'HS256' || 'crit' in header) return null;
  if (!isRecord(payload) || typeof payload.sub !== 'string') return null;
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp <= nowSeconds)) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) return null;
  return { sub: payload.sub, payload };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
