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
  /** Stops accepting connections (the "SMTP server is down" case); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(opts: { user?: string; pass?: string; rejectRecipients?: string[] } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const rejected = new Set(opts.rejectRecipients ?? []);
  let server: SMTPServer | null = null;
  let port = 0;
  let connections = 0;
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
        if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, cb) {
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
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server!.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    if (!server) return;
    const s = server;
    server = null;
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? '')}@` : '';
  return { get port() { return port; }, get connections() { return connections; }, url: `smtp://${auth}127.0.0.1:${port}`, mails, start, stop, close: stop };
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
  requests: number;
  close(): Promise<void>;
}

export async function startFakeTwilio(accountSid = 'ACtest0000000000000000000000000000', authToken = 'test-auth-token'): Promise<FakeTwilio> {
  const messages: FakeSms[] = [];
  const rejected = new Set<string>();
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
    if (!to || !form.get('From') || !form.get('Body')) return send(400, { code: 21604, message: 'A required parameter is missing', status: 400 });
    const sid = `SM${String(++seq).padStart(32, '0')}`;
    messages.push({ to, from: form.get('From')!, body: form.get('Body')!, sid });
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
