import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { p256PrivateKey } from '../src/config.js';

/**
 * A local stand-in for a browser vendor's push service, at the protocol boundary (RFC 8030): the
 * server under test POSTs to `/push/<subscriber id>` exactly as it would to FCM or Mozilla's
 * service. The stand-in checks what a real one checks (the VAPID Authorization header of RFC 8292:
 * an ES256 JWT for this origin, expiring within 24 h, signed by the key `k`; TTL; Content-Encoding
 * aes128gcm) and, in the role of the browser, DECRYPTS the payload with the subscriber's private
 * key and auth secret (RFC 8291, written here from the RFC with node:crypto, independent of the
 * `web-push` package the server uses). Every request is recorded, decrypted when it could be.
 *
 * In a test: `const push = await startPushService(); const sub = push.subscriber();` then post
 * `sub.subscription` to POST /api/push/subscriptions (with PUSH_SERVICE_HOSTS=127.0.0.1), run the
 * outbox and read `push.messages`. `push.answer(sub.id, 410)` makes the next pushes to it fail.
 *
 * As a process (the browser tests): `node --import tsx apps/server/test/push-service.ts --port N`
 * prints one JSON line per event (`listening`, `message`) and serves
 * - POST /subscribers {id?, privateKey?, auth?} -> a subscriber (new keys unless given; private key base64url),
 * - POST /answers {id, status, times?} -> the next `times` pushes to `id` get `status` (default: all),
 * - GET /messages -> every recorded push (decrypted payload as `payload`), DELETE /messages clears.
 */

export interface Subscriber {
  id: string;
  endpoint: string;
  /** The P-256 private key of the "browser" (raw 32 bytes, base64url). */
  privateKey: string;
  /** What the browser's PushManager.subscribe() hands to the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushRecord {
  subscriberId: string;
  /** The answer the stand-in gave. */
  status: number;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key (`k`) and the JWT's claims, when the header was valid. */
  vapid: { k: string; aud: string; sub: string; exp: number } | null;
  /** The decrypted payload (null: no payload, or it could not be decrypted). */
  payload: string | null;
  /** Why the request was refused (400/401/403), if it was. */
  problem: string | null;
  at: string;
}

/** A subscriber key pair as a browser makes it: ECDH P-256 plus a 16-byte auth secret (base64url). */
export function subscriberKeys(): { privateKey: string; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { privateKey: p256PrivateKey(ecdh), p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 section 3.4 and RFC 8188: the user agent's decryption of an aes128gcm push body with
 * its private key and auth secret. Throws when the body is not for these keys.
 */
export function decryptPushPayload(body: Buffer, uaPrivateKey: Buffer, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 key');
  if (rs < 18) throw new Error('record size too small');
  const ua = createECDH('prime256v1');
  ua.setPrivateKey(uaPrivateKey);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 0x01)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  // RFC 8188: PRK = HMAC(salt, IKM); CEK and NONCE from PRK.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const ciphertext = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  let seq = 0;
  for (let start = 0; start < ciphertext.length; start += rs, seq++) {
    const record = ciphertext.subarray(start, Math.min(start + rs, ciphertext.length));
    const nonce = Buffer.from(baseNonce);
    // The record sequence number XORs into the nonce's last bytes (RFC 8188 2.3; fewer than 2^32 records here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the delimiter (0x02 in the last record, 0x01 before) followed by zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = start + rs >= ciphertext.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by k, for `aud` = the push
 * service's origin, expiring within 24 hours. Returns the claims or a problem.
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): { k: string; aud: string; sub: string; exp: number } | string {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m) return 'Authorization is not a vapid header';
  const params = Object.fromEntries(m[1]!.split(',').map((p) => p.trim().split('=') as [string, string]).map(([k, ...v]) => [k.toLowerCase(), v.join('=')]));
  const t = params.t;
  const k = params.k;
  if (!t || !k) return 'vapid header without t or k';
  const [h, p, s] = t.split('.');
  if (!h || !p || !s) return 'JWT malformed';
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') return `JWT alg ${head.alg}`;
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) return 'JWT signature does not verify with k';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return `JWT aud ${claims.aud} is not ${origin}`;
  if (!claims.exp || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600 + 60) return 'JWT exp not within 24 hours';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'JWT sub is not mailto: or https:';
  return { k, aud: claims.aud, sub: claims.sub, exp: claims.exp };
}

export interface PushService {
  origin: string;
  port: number;
  readonly messages: PushRecord[];
  /** A new subscriber (a "browser") with fresh keys, or with the given ones. */
  subscriber(keys?: { id?: string; privateKey?: string; auth?: string }): Subscriber;
  /** The next `times` pushes to this subscriber (default: every one) are answered with `status`. */
  answer(id: string, status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startPushService(opts: { port?: number; host?: string; onMessage?: (r: PushRecord) => void } = {}): Promise<PushService> {
  const host = opts.host ?? '127.0.0.1';
  const subscribers = new Map<string, { privateKey: Buffer; auth: Buffer }>();
  const answers = new Map<string, { status: number; times: number }>();
  const messages: PushRecord[] = [];
  let origin = '';

  const subscriber = (keys: { id?: string; privateKey?: string; auth?: string } = {}): Subscriber => {
    const fresh = subscriberKeys();
    const privateKey = keys.privateKey ?? fresh.privateKey;
    const auth = keys.auth ?? fresh.auth;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    const id = keys.id ?? randomUUID();
    subscribers.set(id, { privateKey: Buffer.from(privateKey, 'base64url'), auth: Buffer.from(auth, 'base64url') });
    const endpoint = `${origin}/push/${id}`;
    return { id, endpoint, privateKey, subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } } };
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/subscribers') {
      const input = body.length ? (JSON.parse(body.toString()) as { id?: string; privateKey?: string; auth?: string }) : {};
      return json(res, 201, subscriber(input));
    }
    if (req.method === 'POST' && url.pathname === '/answers') {
      const input = JSON.parse(body.toString()) as { id: string; status: number; times?: number };
      answers.set(input.id, { status: input.status, times: input.times ?? Infinity });
      return json(res, 200, { ok: true });
    }
    if (url.pathname === '/messages') {
      if (req.method === 'DELETE') messages.length = 0;
      return json(res, 200, messages);
    }
    const push = /^\/push\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !push) return json(res, 404, { error: 'not found' });
    const id = decodeURIComponent(push[1]!);
    const record: PushRecord = {
      subscriberId: id,
      status: 201,
      ttl: req.headers.ttl === undefined ? null : Number(req.headers.ttl),
      urgency: (req.headers.urgency as string | undefined) ?? null,
      topic: (req.headers.topic as string | undefined) ?? null,
      vapid: null,
      payload: null,
      problem: null,
      at: new Date().toISOString(),
    };
    const finish = (status: number, problem: string | null = null) => {
      record.status = status;
      record.problem = problem;
      messages.push(record);
      opts.onMessage?.(record);
      if (status === 201) {
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
        return res.end();
      }
      return json(res, status, { reason: problem ?? `answered ${status}` });
    };
    const vapid = checkVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
    if (typeof vapid === 'string') return finish(401, vapid);
    record.vapid = vapid;
    if (record.ttl === null || !Number.isInteger(record.ttl) || record.ttl < 0) return finish(400, 'TTL header missing or invalid');
    if (record.topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(record.topic)) return finish(400, 'Topic must be at most 32 base64url characters');
    const forced = answers.get(id);
    if (forced && forced.times > 0) {
      forced.times--;
      return finish(forced.status);
    }
    const keys = subscribers.get(id);
    if (!keys) return finish(410, 'no such subscription');
    if (body.length > 0) {
      if (req.headers['content-encoding'] !== 'aes128gcm') return finish(415, 'Content-Encoding must be aes128gcm');
      if (body.length > 4096) return finish(413, 'payload larger than 4096 bytes');
      try {
        record.payload = decryptPushPayload(body, keys.privateKey, keys.auth).toString('utf8');
      } catch (err) {
        // A real push service cannot decrypt either: it delivers, and the browser drops it. The
        // stand-in accepts too and records that the browser could not read it.
        record.problem = `payload could not be decrypted: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    return finish(201, record.problem);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host}:${port}`;
  return {
    origin,
    port,
    messages,
    subscriber,
    answer: (id, status, times = Infinity) => void answers.set(id, { status, times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `node --import tsx apps/server/test/push-service.ts --port N`: the stand-in as its own process.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 0;
  const service = await startPushService({ port, onMessage: (r) => console.log(JSON.stringify({ event: 'message', ...r })) });
  console.log(JSON.stringify({ event: 'listening', port: service.port, origin: service.origin }));
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
