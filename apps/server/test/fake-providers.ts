import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for the external providers (the only things tests may fake): a real SMTP
 * server (smtp-server) that records what it receives, and an HTTP server that speaks Twilio's
 * Messages API. Used by the delivery tests and the fan-out benchmark.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** SMTP connections opened so far (a pooled client opens few and reuses them). */
  readonly connections: number;
  /** AUTH commands received (the password travelled to the server). */
  readonly auths: number;
  /** Stops accepting connections (the "SMTP server is down" case); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(
  opts: { user?: string; pass?: string; rejectRecipients?: string[]; fullMailboxes?: string[]; host?: string } = {},
): Promise<SmtpSink> {
  const host = opts.host ?? '127.0.0.1';
  const mails: ReceivedMail[] = [];
  const rejected = new Set(opts.rejectRecipients ?? []);
  const full = new Set(opts.fullMailboxes ?? []);
  let server: SMTPServer | null = null;
  let port = 0;
  let connections = 0;
  let auths = 0;
  const make = () =>
    new SMTPServer({
      authOptional: !opts.user,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down, a server tells its open connections 421 and drops them (an outage does not wait
      // 30 s for pooled clients to leave, which is smtp-server's default grace period).
      closeTimeout: 50,
      onConnect(_session, cb) {
        connections++;
        cb();
      },
      onAuth(auth, _session, cb) {
        auths++;
        if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, cb) {
        // What a receiving server answers for a mailbox over its quota (RFC 3463 5.2.2).
        if (full.has(address.address)) return cb(Object.assign(new Error('5.2.2 Mailbox full'), { responseCode: 552 }));
        if (!rejected.has(address.address)) return cb();
        // What a receiving server answers for a mailbox that does not exist.
        cb(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({
            ...parseMail(raw),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          cb();
        });
      },
    });
  const start = async () => {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
    port = (server!.server.address() as AddressInfo).port;
    // A client that dies mid-session (the crash test kills the worker) resets its connection; a
    // real mail server carries on, and so does this one (without a listener it would throw).
    server!.on('error', () => {});
  };
  const stop = async () => {
    if (!server) return;
    const s = server;
    server = null;
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? '')}@` : '';
  return { get port() { return port; }, get connections() { return connections; }, get auths() { return auths; }, url: `smtp://${auth}${host}:${port}`, mails, start, stop, close: stop };
}

/** Just enough MIME for our own messages: headers, encoded words, quoted-printable/base64 parts. */
function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join('\r\n\r\n');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const [ph = '', ...pb] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const h = parseHeaders(ph);
      const type = (h['content-type'] ?? '').split(';')[0]!.trim();
      if (type.startsWith('text/')) parts[type] = decodeBody(pb.join('\r\n\r\n'), h['content-transfer-encoding']);
    }
  } else {
    parts['text/plain'] = decodeBody(body, headers['content-transfer-encoding']);
  }
  return {
    messageId: headers['message-id'] ?? '',
    subject: decodeWords(headers['subject'] ?? ''),
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n').trim(),
    html: parts['text/html'] ?? '',
  };
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function decodeBody(body: string, encoding = '7bit'): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQp(body);
  return body;
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

export interface FakeSms {
  to: string;
  from: string;
  body: string;
  sid: string;
  /** The StatusCallback URL the message was created with (Twilio), if any. */
  statusCallback?: string;
  /** Twilio ValidityPeriod (seconds) / seven.io ttl (minutes), when the request carried one. */
  validity?: number;
  /** Twilio: the Messaging Service SID the message was sent through instead of From. */
  messagingServiceSid?: string;
}

/** A provider's status callback, signed as the provider signs it, ready for app.inject. */
export interface SignedCallback {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeSms[];
  /** Answers the next `n` requests with this status (500, 429, 400 ...) instead of accepting them. */
  failNext(n: number, status: number): void;
  /** Every message to this number is refused with 400 (Twilio error 21211, invalid 'To'). */
  rejectNumber(to: string): void;
  /** Every message to this number is refused as a landline (Twilio error 21614). */
  landlineNumber(to: string): void;
  /** The next `n` requests are refused with this Twilio error code and HTTP status (21608 400, 20003 401 ...). */
  failWithCode(n: number, code: number, status?: number): void;
  /**
   * The status callback Twilio posts for a message (MessageStatus delivered/undelivered/sent ...,
   * ErrorCode for failures), signed with X-Twilio-Signature over its StatusCallback URL exactly
   * as configured (a `#rc=…` fragment included, which never reaches the server). Options:
   * `signedUrl` overrides the URL Twilio signed (e.g. with an explicit :443 port); `extra` adds
   * (repeated) parameters; `sharedKey` signs as a Webhook Rule does (X-Twilio-Webhooks-Signature-Settings).
   */
  statusCallback(
    sid: string,
    status: string,
    errorCode?: string,
    opts?: { signedUrl?: string; extra?: Array<[string, string]>; sharedKey?: { sid: string; secret: string; algorithm: 'HMAC_SHA256' | 'HMAC_SHA1' } },
  ): SignedCallback;
  requests: number;
  /**
   * Holds the answers of the next requests (the message is taken and recorded, its id assigned,
   * but the HTTP answer waits) until the returned function is called: the provider's delivery
   * report can then arrive before the sender has stored the id, as it does in the field.
   */
  holdAnswers(): () => void;
  close(): Promise<void>;
}

export async function startFakeTwilio(accountSid = 'ACtest0000000000000000000000000000', authToken = 'test-auth-token'): Promise<FakeTwilio> {
  const messages: FakeSms[] = [];
  const rejected = new Set<string>();
  const landlines = new Set<string>();
  let failing = { n: 0, status: 500 };
  let failingCode = { n: 0, code: 0, status: 400 };
  let seq = 0;
  const state = { requests: 0 };
  let hold: Promise<void> = Promise.resolve();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    const send = (status: number, body: object) => {
      void hold.then(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    };
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return send(404, { code: 20404, message: 'Not found', status: 404 });
    if (req.headers.authorization !== expectedAuth) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(await readBody(req));
    if (failing.n > 0) {
      failing.n--;
      return send(failing.status, { code: failing.status === 429 ? 20429 : 20500, message: `fake failure ${failing.status}`, status: failing.status });
    }
    if (failingCode.n > 0) {
      failingCode.n--;
      return send(failingCode.status, { code: failingCode.code, message: `fake Twilio error ${failingCode.code}`, more_info: `https://www.twilio.com/docs/errors/${failingCode.code}`, status: failingCode.status });
    }
    const to = form.get('To') ?? '';
    if (rejected.has(to)) return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    if (landlines.has(to)) return send(400, { code: 21614, message: `'To' number ${to} is not a valid mobile number`, status: 400 });
    const service = form.get('MessagingServiceSid') ?? undefined;
    if (!to || (!form.get('From') && !service) || !form.get('Body')) return send(400, { code: 21604, message: 'A required parameter is missing', status: 400 });
    const validity = form.get('ValidityPeriod');
    if (validity !== null && !(Number(validity) >= 1 && Number(validity) <= 36000)) return send(400, { code: 21620, message: 'Invalid ValidityPeriod', status: 400 });
    const sid = `SM${String(++seq).padStart(32, '0')}`;
    messages.push({
      to,
      from: form.get('From') ?? '',
      body: form.get('Body')!,
      sid,
      statusCallback: form.get('StatusCallback') ?? undefined,
      ...(validity !== null ? { validity: Number(validity) } : {}),
      ...(service ? { messagingServiceSid: service } : {}),
    });
    // The Message resource as the API answers it (abridged): status queued, the sid the callbacks name.
    send(201, { sid, account_sid: accountSid, status: 'queued', to, from: form.get('From'), messaging_service_sid: service ?? null, body: form.get('Body'), error_code: null, error_message: null, api_version: '2010-04-01' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    failNext: (n, status) => {
      failing = { n, status };
    },
    rejectNumber: (to) => rejected.add(to),
    landlineNumber: (to) => landlines.add(to),
    failWithCode: (n, code, status = 400) => {
      failingCode = { n, code, status };
    },
    statusCallback(sid, status, errorCode, opts = {}) {
      const m = messages.find((x) => x.sid === sid);
      if (!m?.statusCallback) throw new Error(`fake Twilio: no message ${sid} with a StatusCallback`);
      const params: Array<[string, string]> = [
        ['AccountSid', accountSid],
        ['From', m.from],
        ['To', m.to],
        ['MessageSid', sid],
        ['SmsSid', sid],
        ['MessageStatus', status],
        ['SmsStatus', status],
        ['ApiVersion', '2010-04-01'],
        ...(m.messagingServiceSid ? ([['MessagingServiceSid', m.messagingServiceSid]] as Array<[string, string]>) : []),
        ...(errorCode ? ([['ErrorCode', errorCode]] as Array<[string, string]>) : []),
        ...(opts.extra ?? []),
      ];
      // Twilio's algorithm (twilio.com/docs/usage/security): the URL, then each parameter sorted by
      // name as name+value, a repeated name once per value.
      const byName = new Map<string, string[]>();
      for (const [k, v] of params) byName.set(k, [...(byName.get(k) ?? []), v]);
      let data = opts.signedUrl ?? m.statusCallback;
      for (const k of [...byName.keys()].sort()) for (const v of [...new Set(byName.get(k))].sort()) data += k + v;
      const key = opts.sharedKey;
      const signature = createHmac(key?.algorithm === 'HMAC_SHA256' ? 'sha256' : 'sha1', key ? key.secret : authToken).update(data, 'utf8').digest('base64');
      // A URL fragment (connection overrides, #rc=…) is never sent to the server.
      const u = new URL(m.statusCallback);
      return {
        method: 'POST',
        url: u.pathname + u.search,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
          ...(key ? { 'x-twilio-webhooks-signature-settings': `key=${key.sid},algorithm=${key.algorithm}` } : {}),
        },
        payload: new URLSearchParams(params).toString(),
      };
    },
    get requests() {
      return state.requests;
    },
    holdAnswers() {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        release();
        hold = Promise.resolve();
      };
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * The settings that send the app's e-mail to the SMTP stand-in and its SMS to the Twilio stand-in,
 * with the SMS rate limit out of the way unless `extra` sets one.
 */
export function providerEnv(smtp: SmtpSink, twilio: FakeTwilio, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    TWILIO_API_URL: twilio.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+4930123456',
    SMS_RATE_PER_SECOND: '1000',
    ...extra,
  };
}

export interface FakeSeven {
  url: string;
  apiKey: string;
  signingSecret: string;
  messages: Array<{ to: string; text: string; from: string; id: string; foreignId: string | null; ttl?: number }>;
  /** Answers the next `n` requests with this HTTP status (500 ...) instead of accepting them. */
  failNext(n: number, status: number): void;
  /** Answers the next `n` requests with HTTP 200 and this return code (500 no credit, 306 sender, 900 key, 402 reload lock ...). */
  answerCode(n: number, code: string): void;
  /** Every message to this number is refused: return code 101, messages[0].success=false, error 202 (invalid recipient). */
  rejectNumber(to: string): void;
  /**
   * The delivery report webhook seven.io posts for a message (status DELIVERED, NOTDELIVERED ...),
   * signed with X-Signature over timestamp, nonce, method, URL and the body's MD5
   * (docs.seven.io/en/rest-api/signing). `format`: `form` is seven's default request_method POST
   * (application/x-www-form-urlencoded), `json` the JSON one (the body of the docs' `dlr` example).
   * `signedUrl`: `url` signs the complete URL (the signing page), `path` the path (js-client's verifier).
   */
  deliveryReport(
    id: string,
    status: string,
    opts: { webhookUrl: string; timestamp?: number; nonce?: string; format?: 'form' | 'json'; signedUrl?: 'url' | 'path'; upperCaseSignature?: boolean },
  ): SignedCallback;
  /** Any webhook body, signed exactly as seven signs (for bodies a test needs verbatim: `null`, other events). */
  signedWebhook(payload: string, opts: { webhookUrl: string; timestamp: number; contentType: string; nonce?: string }): SignedCallback;
  requests: number;
  /** As FakeTwilio.holdAnswers. */
  holdAnswers(): () => void;
  close(): Promise<void>;
}

/** An HTTP server that speaks seven.io's SMS API (POST /api/sms, X-Api-Key, JSON). */
export async function startFakeSeven(apiKey = 'seven-test-key', signingSecret = 'seven-signing-secret'): Promise<FakeSeven> {
  const messages: FakeSeven['messages'] = [];
  const rejected = new Set<string>();
  let failing = { n: 0, status: 500 };
  let coded = { n: 0, code: '100' };
  let hold: Promise<void> = Promise.resolve();
  let seq = 77_000_000;
  const state = { requests: 0 };
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    const send = (status: number, body: object | string) => {
      void hold.then(() => {
        res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    };
    if (req.method !== 'POST' || req.url !== '/api/sms') return send(404, 'Not found');
    // seven.io answers a bad key with HTTP 200 and return code 900.
    if (req.headers['x-api-key'] !== apiKey) return send(200, { success: '900', messages: [] });
    let input: { to?: string; text?: string; from?: string; foreign_id?: string; ttl?: number } = {};
    try {
      input = JSON.parse(await readBody(req)) as typeof input;
    } catch {
      return send(400, 'bad json');
    }
    if (failing.n > 0) {
      failing.n--;
      return send(failing.status, 'fake failure');
    }
    if (coded.n > 0) {
      coded.n--;
      return send(200, { success: coded.code, total_price: 0, balance: 0, debug: 'false', sms_type: 'direct', messages: [] });
    }
    const to = input.to ?? '';
    // Return code 101: "sending to at least one recipient failed"; the recipient's entry says why.
    if (!to || rejected.has(to)) {
      return send(200, { success: '101', total_price: 0, balance: 10, debug: 'false', sms_type: 'direct', messages: [{ id: null, sender: input.from, recipient: to, text: input.text, encoding: 'gsm', parts: 1, price: 0, success: false, error: '202', error_text: 'Invalid recipient' }] });
    }
    if (!input.text) return send(200, { success: '305', messages: [] });
    if (input.from && !/^(\+?\d{1,16}|[A-Za-z0-9]{1,11})$/.test(input.from)) return send(200, { success: '306', messages: [] });
    const id = String(++seq);
    messages.push({ to, text: input.text, from: input.from ?? '', id, foreignId: input.foreign_id ?? null, ...(input.ttl !== undefined ? { ttl: input.ttl } : {}) });
    send(200, { success: '100', total_price: 0.075, balance: 10, debug: 'false', sms_type: 'direct', messages: [{ id, sender: input.from, recipient: to, text: input.text, encoding: 'gsm', parts: 1, price: 0.075, success: true, error: null, error_text: null }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  /** docs.seven.io/en/rest-api/signing: HMAC-SHA256 over timestamp, nonce, method, URL, MD5(body). */
  const sign = (
    payload: string,
    o: { webhookUrl: string; timestamp: string; nonce: string; contentType: string; signedUrl?: 'url' | 'path'; upperCase?: boolean },
  ): SignedCallback => {
    const u = new URL(o.webhookUrl);
    const signedUrl = o.signedUrl === 'path' ? u.pathname + u.search : o.webhookUrl;
    const md5 = createHash('md5').update(payload, 'utf8').digest('hex');
    const hex = createHmac('sha256', signingSecret).update([o.timestamp, o.nonce, 'POST', signedUrl, md5].join('\n'), 'utf8').digest('hex');
    return {
      method: 'POST',
      url: u.pathname + u.search,
      headers: { 'content-type': o.contentType, 'x-signature': o.upperCase ? hex.toUpperCase() : hex, 'x-timestamp': o.timestamp, 'x-nonce': o.nonce },
      payload,
    };
  };
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    signingSecret,
    messages,
    failNext: (n, status) => {
      failing = { n, status };
    },
    answerCode: (n, code) => {
      coded = { n, code };
    },
    rejectNumber: (to) => rejected.add(to),
    deliveryReport(id, status, opts) {
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      // "Randomly generated string with 32 characters" (docs.seven.io webhooks).
      const nonce = opts.nonce ?? randomUUID().replace(/-/g, '');
      const when = new Date(Number(timestamp) * 1000).toISOString();
      const data = { msg_id: id, status, timestamp: when.replace('T', ' ').replace('Z', '') };
      const payload =
        opts.format === 'json'
          ? JSON.stringify({ data, webhook_event: 'dlr', webhook_timestamp: when })
          : new URLSearchParams([
              ['webhook_event', 'dlr'],
              ['webhook_timestamp', when],
              ...Object.entries(data).map(([k, v]) => [`data[${k}]`, v] as [string, string]),
            ]).toString();
      return sign(payload, {
        webhookUrl: opts.webhookUrl,
        timestamp,
        nonce,
        contentType: opts.format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
        signedUrl: opts.signedUrl,
        upperCase: opts.upperCaseSignature,
      });
    },
    signedWebhook: (payload, opts) =>
      sign(payload, { webhookUrl: opts.webhookUrl, timestamp: String(opts.timestamp), nonce: opts.nonce ?? randomUUID().replace(/-/g, ''), contentType: opts.contentType }),
    get requests() {
      return state.requests;
    },
    holdAnswers() {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        release();
        hold = Promise.resolve();
      };
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
