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
  /**
   * The status callback Twilio posts for a message (MessageStatus delivered/undelivered/sent ...,
   * ErrorCode for failures), signed with X-Twilio-Signature over its StatusCallback URL.
   */
  statusCallback(sid: string, status: string, errorCode?: string): SignedCallback;
  requests: number;
  close(): Promise<void>;
}

export async function startFakeTwilio(accountSid = 'ACtest0000000000000000000000000000', authToken = 'test-auth-token'): Promise<FakeTwilio> {
  const messages: FakeSms[] = [];
  const rejected = new Set<string>();
  const landlines = new Set<string>();
  let failing = { n: 0, status: 500 };
  let seq = 0;
  const state = { requests: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return send(404, { code: 20404, message: 'Not found', status: 404 });
    if (req.headers.authorization !== expectedAuth) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(await readBody(req));
    if (failing.n > 0) {
      failing.n--;
      return send(failing.status, { code: failing.status === 429 ? 20429 : 20500, message: `fake failure ${failing.status}`, status: failing.status });
    }
    const to = form.get('To') ?? '';
    if (rejected.has(to)) return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    if (landlines.has(to)) return send(400, { code: 21614, message: `'To' number ${to} is not a valid mobile number`, status: 400 });
    if (!to || !form.get('From') || !form.get('Body')) return send(400, { code: 21604, message: 'A required parameter is missing', status: 400 });
    const sid = `SM${String(++seq).padStart(32, '0')}`;
    messages.push({ to, from: form.get('From')!, body: form.get('Body')!, sid, statusCallback: form.get('StatusCallback') ?? undefined });
    send(201, { sid, status: 'queued', to, from: form.get('From'), body: form.get('Body') });
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
    statusCallback(sid, status, errorCode) {
      const m = messages.find((x) => x.sid === sid);
      if (!m?.statusCallback) throw new Error(`fake Twilio: no message ${sid} with a StatusCallback`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        From: m.from,
        To: m.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ApiVersion: '2010-04-01',
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      const data = m.statusCallback + Object.keys(params).sort().map((k) => k + params[k]).join('');
      const signature = createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
      const u = new URL(m.statusCallback);
      return {
        method: 'POST',
        url: u.pathname + u.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      };
    },
    get requests() {
      return state.requests;
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
  messages: Array<{ to: string; text: string; from: string; id: string; foreignId: string | null }>;
  /** Answers the next `n` requests with this HTTP status (500 ...) instead of accepting them. */
  failNext(n: number, status: number): void;
  /** Every message to this number is refused with return code 202 (invalid recipient). */
  rejectNumber(to: string): void;
  /**
   * The delivery report webhook seven.io posts for a message (status DELIVERED, NOTDELIVERED ...),
   * signed with X-Signature over timestamp, nonce, method, URL and the body's MD5.
   */
  deliveryReport(id: string, status: string, opts: { webhookUrl: string; timestamp?: number; nonce?: string }): SignedCallback;
  requests: number;
  close(): Promise<void>;
}

/** An HTTP server that speaks seven.io's SMS API (POST /api/sms, X-Api-Key, JSON). */
export async function startFakeSeven(apiKey = 'seven-test-key', signingSecret = 'seven-signing-secret'): Promise<FakeSeven> {
  const messages: FakeSeven['messages'] = [];
  const rejected = new Set<string>();
  let failing = { n: 0, status: 500 };
  let seq = 77_000_000;
  const state = { requests: 0 };
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    const send = (status: number, body: object | string) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/api/sms') return send(404, 'Not found');
    // seven.io answers a bad key with HTTP 200 and return code 900.
    if (req.headers['x-api-key'] !== apiKey) return send(200, { success: '900', messages: [] });
    let input: { to?: string; text?: string; from?: string; foreign_id?: string } = {};
    try {
      input = JSON.parse(await readBody(req)) as typeof input;
    } catch {
      return send(400, 'bad json');
    }
    if (failing.n > 0) {
      failing.n--;
      return send(failing.status, 'fake failure');
    }
    const to = input.to ?? '';
    if (!to || rejected.has(to)) return send(200, { success: '202', messages: [{ id: null, recipient: to, success: false, error: '202', error_text: 'Invalid recipient' }] });
    if (!input.text) return send(200, { success: '305', messages: [] });
    const id = String(++seq);
    messages.push({ to, text: input.text, from: input.from ?? '', id, foreignId: input.foreign_id ?? null });
    send(200, { success: '100', total_price: 0.075, balance: 10, debug: 'false', sms_type: 'direct', messages: [{ id, sender: input.from, recipient: to, text: input.text, encoding: 'gsm', parts: 1, price: 0.075, success: true, error: null, error_text: null }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    signingSecret,
    messages,
    failNext: (n, status) => {
      failing = { n, status };
    },
    rejectNumber: (to) => rejected.add(to),
    deliveryReport(id, status, opts) {
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      const nonce = opts.nonce ?? randomUUID();
      const payload = JSON.stringify({ webhook_event: 'dlr', webhook_timestamp: Number(timestamp), data: { msg_id: id, status, status_time: new Date().toISOString() } });
      const md5 = createHash('md5').update(payload, 'utf8').digest('hex');
      const signature = createHmac('sha256', signingSecret).update([timestamp, nonce, 'POST', opts.webhookUrl, md5].join('\n'), 'utf8').digest('hex');
      const u = new URL(opts.webhookUrl);
      return {
        method: 'POST',
        url: u.pathname + u.search,
        headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-timestamp': timestamp, 'x-nonce': nonce },
        payload,
      };
    },
    get requests() {
      return state.requests;
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
