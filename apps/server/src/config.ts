import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { legalProblem, type LegalSettings } from './lib/legal.js';
import { sevenSenderProblem } from './notify/seven.js';
import { twilioSenderProblem } from './notify/twilio.js';

/**
 * Every setting comes from the environment (or a `.env` file, see loadDotEnv); see .env.example.
 * Parsed once at start-up, before anything else happens. An empty variable counts as unset.
 * NODE_ENV defaults to production: the demo data, the dev mailbox and the generated secrets exist
 * only where development is asked for explicitly (the README's `npm start` does that).
 */
const DEFAULT_SMTP_FROM = 'Kita Notbetreuung <no-reply@kita.example>';
/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari/iOS and Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Default: 127.0.0.1 in development (the dev mailbox is not on the network), 0.0.0.0 otherwise. */
  HOST: z.string().optional(),
  /**
   * Which proxies may set X-Forwarded-For (the client address of every per-IP limit): unset = none,
   * a hop count (1 = the one reverse proxy in front), or a comma-separated list of addresses/CIDRs
   * (also `loopback`, `linklocal`, `uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string' && parsed.startsWith('!')) {
        ctx.addIssue({ code: 'custom', message: parsed.slice(1) });
        return z.NEVER;
      }
      return parsed as false | number | string[];
    }),
  /**
   * A postgres:// URL, or `embedded` for the embedded PGlite database in DATA_DIR (one process
   * only). Unset means embedded too, except in production, where it must be said explicitly.
   */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|embedded$)/, 'must be a postgres:// URL or `embedded`')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://kita.example.org').optional(),
  /** `1`: production accepts an http:// PUBLIC_URL (a lab without TLS; never on the internet). */
  ALLOW_HTTP_PUBLIC_URL: z.enum(['0', '1']).default('0'),
  /**
   * The API description (/api/docs, /api/openapi.json): public | admin (an Admin's session) | off.
   * Default: off in production (public is refused there), public otherwise.
   */
  API_DOCS: z.enum(['public', 'admin', 'off']).optional(),
  JWT_SECRET: signingSecret(),
  /**
   * The secret JWT_SECRET had before a rotation: sessions signed with it stay valid and queued
   * messages sealed with it are still delivered (and re-sealed with JWT_SECRET). Remove it once
   * the longest session (12 h) and every old process are gone (docs/operations.md "Rotating").
   */
  JWT_SECRET_PREVIOUS: signingSecret(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo data (development and test only, never in production): auto = into an empty database. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Days after which sent and failed messages (recipient, text) are deleted. */
  RETENTION_MESSAGES_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days after which names and free texts are removed from audit-log rows (the rows stay). */
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Port of the worker process's health endpoint (`npm run worker`); unset = no endpoint. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  IMMEDIATE_EVENT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  SMTP_URL: z.string().optional(),
  /** Sender of all e-mails; production needs the operator's own (the default is refused there). */
  SMTP_FROM: z.string().default(DEFAULT_SMTP_FROM),
  /**
   * In production an smtp:// server that is not on this machine must offer STARTTLS (nodemailer
   * requireTLS): the SMTP password and reset links never go in clear text. `true` allows a
   * plain-text connection anyway (a relay on a trusted private network); the start-up line says so.
   */
  SMTP_ALLOW_PLAINTEXT: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** A Twilio number in E.164, an alphanumeric sender ID or a Messaging Service SID (MG…), checked at start-up. */
  TWILIO_FROM: z
    .string()
    .superRefine((v, ctx) => {
      const problem = twilioSenderProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** The shared key of a Twilio Webhook Rule (HMAC-SHA256 signing) covering our status callback URL, if one is set up. */
  TWILIO_WEBHOOK_SHARED_KEY: z.string().optional(),
  /** Connection overrides appended to our StatusCallback URL as a fragment, e.g. `rc=5&rp=all` (Twilio "Connection Overrides"). */
  TWILIO_CALLBACK_OVERRIDES: z
    .string()
    .regex(/^[a-z]{1,4}=[A-Za-z0-9,._-]+(&[a-z]{1,4}=[A-Za-z0-9,._-]+)*$/, 'must look like rc=5&rp=all (without the leading #)')
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Which SMS provider to use when both are configured (default: the one configured). */
  SMS_PROVIDER: z.enum(['twilio', 'seven']).optional(),
  SEVEN_API_KEY: z.string().optional(),
  /** Sender: up to 11 letters and digits or a number of up to 16 digits (seven.io SMS `from`), checked at start-up. */
  SEVEN_FROM: z
    .string()
    .superRefine((v, ctx) => {
      const problem = sevenSenderProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  SEVEN_API_URL: z.url().default('https://gateway.seven.io'),
  /** Signing secret of the seven.io webhook (delivery reports); without it reports are refused. */
  SEVEN_SIGNING_SECRET: z.string().optional(),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** Lease of a worker's claim, renewed every third of it while the worker lives (jobs/outbox-worker.ts). */
  OUTBOX_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** The families' FAQ; unset: the product's own help page `{PUBLIC_URL}/help`. */
  FAQ_URL: z.url().optional(),
  /**
   * Message cost budgets (notify/budget.ts; docs/operations.md "Message budgets"). Units: one
   * e-mail = 1, one SMS = its billed segments. Over a budget, messages of that class wait.
   */
  MESSAGE_BUDGET_DEPLOYMENT_PER_HOUR: z.coerce.number().int().min(1).default(20_000),
  /** A Kita's daily budget: this many per family with a login (approved), at least MESSAGE_BUDGET_KITA_MIN_PER_DAY. */
  MESSAGE_BUDGET_KITA_PER_FAMILY: z.coerce.number().int().min(1).default(8),
  MESSAGE_BUDGET_KITA_MIN_PER_DAY: z.coerce.number().int().min(1).default(200),
  /** Messages any anonymous request can cause (registration, codes, password reset), for the whole deployment. */
  MESSAGE_BUDGET_ANONYMOUS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  MESSAGE_BUDGET_ANONYMOUS_PER_DAY: z.coerce.number().int().min(1).default(300),
  /** From this share of a budget on: the metric, a log line and the Admins' banner warn. */
  MESSAGE_BUDGET_WARN_PERCENT: z.coerce.number().int().min(1).max(100).default(80),
  /** Verification messages (codes, activation mails) one registration may cause over its lifetime. */
  REGISTRATION_CODES_MAX: z.coerce.number().int().min(1).max(20).default(4),
  /** Registrations that verified neither e-mail nor phone end after this many days. */
  REGISTRATION_EXPIRY_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /**
   * Registrations one client (an IPv4 address, an IPv6 /64) may send per hour. Raise it for a
   * Kita whose families register together on one network, e.g. at a parents' evening on its Wi-Fi.
   */
  REGISTRATION_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** Unverified registrations waiting at one Kita at a time; further registrations are refused until some are verified, handled or expired. */
  REGISTRATION_PENDING_PER_KITA: z.coerce.number().int().min(1).default(20),
  /** Days after which rejected and expired registrations (that never took part in an inquiry) are deleted. */
  RETENTION_REGISTRATIONS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * The legal pages (/privacy, /imprint, /accessibility; lib/legal.ts, docs/privacy.md "Legal
   * pages"). The shipped templates take the operator's details from these settings, and production
   * refuses to start while a page still lacks one. One line each; Markdown links are allowed.
   */
  /** Name and postal address of the body that runs the service (controller and provider). */
  LEGAL_OPERATOR: z.string().optional(),
  /** Who represents it (imprint), e.g. "Oberbürgermeisterin Erika Muster". */
  LEGAL_REPRESENTATIVE: z.string().optional(),
  /** E-mail address (and phone) for privacy questions and accessibility feedback. */
  LEGAL_CONTACT: z.string().optional(),
  /** The data-protection officer's contact. */
  LEGAL_DPO: z.string().optional(),
  /** The data-protection supervisory authority responsible for the operator. */
  LEGAL_SUPERVISORY_AUTHORITY: z.string().optional(),
  /** Processors besides the SMS provider and mail server, e.g. the hosting provider ("none" if you run everything yourselves). */
  LEGAL_PROCESSORS: z.string().optional(),
  /** Where people turn when accessibility feedback is not answered (Schlichtungsstelle / Durchsetzungsstelle). */
  LEGAL_ENFORCEMENT_BODY: z.string().optional(),
  /**
   * Web push (docs/operations.md "Push notifications"). `off`: no push at all (the families get
   * SMS and e-mail as before; the web offers no notifications).
   */
  PUSH: z.enum(['on', 'off']).default('on'),
  /** The VAPID key pair (RFC 8292) from `npm run admin -- vapid-keys`: public 65 bytes, private 32 bytes, base64url. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key in base64url (87 characters); generate a pair with `npm run admin -- vapid-keys`')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters); generate a pair with `npm run admin -- vapid-keys`')
    .optional(),
  /** Whom the push services may contact about our pushes: mailto:address or an https:// page. Default: mailto: of SMTP_FROM. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// address').optional(),
  /**
   * The push services a browser's subscription may point at (comma-separated host names, `*.` for
   * any subdomain): the server sends requests only there (no request forgery through a made-up endpoint).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const hosts = (v ?? DEFAULT_PUSH_SERVICE_HOSTS).split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
      const bad = hosts.find((h) => !/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `${bad} is not a host name (e.g. fcm.googleapis.com or *.push.apple.com)` });
        return z.NEVER;
      }
      return hosts;
    }),
  /** A folder with the operator's own texts (`privacy.de.md`, `imprint.en.md`, …) replacing the templates of the same name. */
  LEGAL_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

function signingSecret() {
  return z
    .string()
    .min(32, 'must be at least 32 characters (256 bits)')
    .superRefine((v, ctx) => {
      const weak = weakSecretReason(v);
      if (weak) ctx.addIssue({ code: 'custom', message: `too weak (${weak}); generate one with \`openssl rand -hex 32\`` });
    })
    .optional();
}

/**
 * Refuses obviously guessable signing secrets: few distinct characters, one short
 * unit repeated, or a character distribution worth under 80 bits (a random 32-character hex
 * string scores about 120). Not a proof of randomness; it stops "aaaa…" and "changeme" × 4.
 */
export function weakSecretReason(secret: string): string | null {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size < 8) return `only ${counts.size} different characters`;
  for (let unit = 1; unit <= secret.length / 2; unit++) {
    if (secret.length % unit === 0 && secret.slice(0, unit).repeat(secret.length / unit) === secret) return 'one short sequence repeated';
  }
  let bits = 0;
  for (const n of counts.values()) bits -= n * Math.log2(n / secret.length);
  if (bits < 80) return `about ${Math.round(bits)} bits of entropy (at least 80 needed)`;
  return null;
}

/**
 * An estimate of how many bits an attacker who guesses cleverly needs for this secret, without a
 * word list: a secret of hex digits counts 4 bits per digit; otherwise it is read as a passphrase
 * of runs: a run of letters that looks like a word (lower case, Capitalised or UPPER, 4+ letters)
 * counts as one pick from a large vocabulary (13 bits), a digit run that is a sequence, repetition
 * or year (1234, 0000, 2026) little, a separator (- _ . space) 1 bit, a run repeated from earlier
 * in the secret 1 bit, and any other character what the secret's alphabet gives (about 6 bits). Random strings
 * (openssl rand -hex/-base64) score 128 and more; "Kita-Sonnenschein-Berlin-2026!" far below.
 */
export function secretStrengthBits(secret: string): number {
  if (/^[0-9a-f]+$/i.test(secret)) return secret.length * 4;
  // Bits of one character that is not part of a word or pattern: the alphabet the secret draws from.
  const alphabet = (/[a-z]/.test(secret) ? 26 : 0) + (/[A-Z]/.test(secret) ? 26 : 0) + (/[0-9]/.test(secret) ? 10 : 0) + (/[^a-zA-Z0-9]/.test(secret) ? 33 : 0);
  const perChar = Math.log2(alphabet);
  const seen = new Set<string>();
  let bits = 0;
  for (const run of secret.match(/[a-zA-Z]+|[0-9]+|[^a-zA-Z0-9]/g) ?? []) {
    const key = run.toLowerCase();
    if (run.length >= 3 && seen.has(key)) {
      bits += 1;
      continue;
    }
    seen.add(key);
    if (/^[a-zA-Z]+$/.test(run)) {
      bits += run.length >= 4 && /^([a-z]+|[A-Z][a-z]+|[A-Z]+)$/.test(run) ? 13 : run.length * perChar;
    } else if (/^[0-9]+$/.test(run)) {
      bits += run.length >= 3 && isDigitPattern(run) ? 4 : run.length === 4 && /^(19|20)\d\d$/.test(run) ? 7 : run.length * perChar;
    } else {
      bits += /[-_. ]/.test(run) ? 1 : perChar;
    }
  }
  return Math.round(bits);
}

/** 0000, 1234, 9876, 121212: a digit run a guesser tries first. */
function isDigitPattern(run: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < run.length; i++) steps.add((Number(run[i]) - Number(run[i - 1]) + 10) % 10);
  if (steps.size === 1) return true;
  return run.length >= 4 && run.slice(0, 2).repeat(Math.ceil(run.length / 2)).slice(0, run.length) === run;
}

/** Bits a production JWT_SECRET needs by secretStrengthBits (NIST SP 800-57 minimum strength; `openssl rand -hex 16` has 128). */
export const MIN_SECRET_BITS = 112;

/** The domain of an e-mail address, also in `Name <address>` form. */
const mailDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? '';
/** `.example` is reserved (RFC 2606): a name under it is a placeholder, never the operator's own. */
const isPlaceholderHost = (host: string) => host === 'example' || host.endsWith('.example') || /(^|\.)example\.(com|org|net)$/.test(host);

/** Production's additional rules, one line each (`NAME: what is wrong and what to do`). */
function productionProblems(env: Record<string, string>, e: Env): string[] {
  const out: string[] = [];
  if (!e.DATABASE_URL) {
    out.push('DATABASE_URL: required in production: a postgres:// URL, or `embedded` for the embedded database in DATA_DIR (one process only)');
  } else if (e.DATABASE_URL === 'embedded' && e.WORKER === 'off') {
    out.push('WORKER: `off` with the embedded database would never deliver a message (no worker process can open it); use WORKER=inline or PostgreSQL');
  }
  if (e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:' && e.ALLOW_HTTP_PUBLIC_URL !== '1') {
    out.push('PUBLIC_URL: must be an https:// address in production (links in messages carry login tokens); for a lab without TLS set ALLOW_HTTP_PUBLIC_URL=1');
  }
  if (!env.SMTP_FROM || isPlaceholderHost(mailDomain(e.SMTP_FROM))) {
    out.push('SMTP_FROM: required in production: your own sender address, e.g. "Kita Notbetreuung <no-reply@your-city.de>" (the kita.example default fails SPF/DMARC)');
  }
  if (e.FAQ_URL && isPlaceholderHost(new URL(e.FAQ_URL).hostname.toLowerCase())) {
    out.push('FAQ_URL: the kita.example placeholder does not exist: the address of your own FAQ page, or unset for the built-in help page {PUBLIC_URL}/help');
  }
  if (e.JWT_SECRET) {
    const bits = secretStrengthBits(e.JWT_SECRET);
    if (bits < MIN_SECRET_BITS) {
      out.push(`JWT_SECRET: guessable (about ${bits} bits estimated, at least ${MIN_SECRET_BITS} needed; words, names, years and sequences count little); generate one with \`openssl rand -hex 32\``);
    }
  }
  if (e.PUSH === 'on' && (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)) {
    out.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production while PUSH is on; generate a pair with `npm run admin -- vapid-keys` (or set PUSH=off)');
  }
  const loopback = (e.PUSH_SERVICE_HOSTS ?? []).filter(isLoopbackHost);
  if (loopback.length) out.push(`PUSH_SERVICE_HOSTS: ${loopback.join(', ')} is this machine, not a push service (only for tests)`);
  if (e.API_DOCS === 'public') out.push('API_DOCS: `public` is not allowed in production; use `admin` (an Admin\'s session) or `off`');
  const legal = legalProblem(legalSettingsOf({ ...e, publicUrl: (e.PUBLIC_URL ?? '').replace(/\/$/, '') }));
  if (legal) out.push(legal);
  return out;
}

/** What the legal pages' templates are filled with: the operator's LEGAL_* settings and what this installation does. */
export function legalSettingsOf(
  c: Pick<
    Env,
    | 'LEGAL_DIR' | 'LEGAL_OPERATOR' | 'LEGAL_REPRESENTATIVE' | 'LEGAL_CONTACT' | 'LEGAL_DPO' | 'LEGAL_SUPERVISORY_AUTHORITY' | 'LEGAL_PROCESSORS'
    | 'LEGAL_ENFORCEMENT_BODY' | 'SMS_PROVIDER' | 'TWILIO_ACCOUNT_SID' | 'SEVEN_API_KEY' | 'SMTP_URL' | 'RETENTION_MESSAGES_DAYS'
    | 'RETENTION_AUDIT_DAYS' | 'RETENTION_REGISTRATIONS_DAYS' | 'REGISTRATION_EXPIRY_DAYS'
  > & { publicUrl: string },
): LegalSettings {
  let mailServer: string | null = null;
  try {
    mailServer = c.SMTP_URL ? new URL(c.SMTP_URL).hostname || null : null;
  } catch {
    // An unparsable SMTP_URL is refused by the transports' own check; the texts just name none.
  }
  return {
    dir: c.LEGAL_DIR ? path.resolve(c.LEGAL_DIR) : undefined,
    operator: {
      operator: c.LEGAL_OPERATOR,
      representative: c.LEGAL_REPRESENTATIVE,
      contact: c.LEGAL_CONTACT,
      dpo: c.LEGAL_DPO,
      supervisoryAuthority: c.LEGAL_SUPERVISORY_AUTHORITY,
      processors: c.LEGAL_PROCESSORS,
      enforcementBody: c.LEGAL_ENFORCEMENT_BODY,
    },
    publicUrl: c.publicUrl,
    // The same choice as the transports (notify/transports.ts): SMS_PROVIDER, else the one configured.
    smsProvider: c.SMS_PROVIDER ?? (c.TWILIO_ACCOUNT_SID ? 'twilio' : c.SEVEN_API_KEY ? 'seven' : null),
    mailServer,
    retention: {
      messagesDays: c.RETENTION_MESSAGES_DAYS,
      auditDays: c.RETENTION_AUDIT_DAYS,
      registrationsDays: c.RETENTION_REGISTRATIONS_DAYS,
      registrationExpiryDays: c.REGISTRATION_EXPIRY_DAYS,
    },
  };
}

/** localhost, 127.x and ::1: allowed as push service hosts only outside production (the tests' stand-in). */
export const isLoopbackHost = (host: string) => /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/.test(host.replace(/^\*\./, ''));

/**
 * The VAPID key pair and push settings. The private key is not enumerable: it never appears when
 * the configuration is logged or serialised (docs/quality.md "Security").
 */
export interface PushConfig {
  enabled: boolean;
  /** base64url, 65 bytes uncompressed P-256 (the browser's applicationServerKey); '' when push is off. */
  publicKey: string;
  /** base64url, 32 bytes; not enumerable. */
  readonly privateKey: string;
  subject: string;
  /** Where the key pair came from (named in the start-up line). */
  source: 'VAPID_PUBLIC_KEY' | 'generated' | 'ephemeral' | 'off';
  /** Allowed push service hosts (exact, or `*.` + suffix). */
  serviceHosts: string[];
}

export interface Config extends Omit<Env, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'PUBLIC_URL' | 'HOST' | 'API_DOCS' | 'VAPID_PRIVATE_KEY' | 'VAPID_PUBLIC_KEY' | 'PUSH_SERVICE_HOSTS'> {
  push: PushConfig;
  HOST: string;
  API_DOCS: 'public' | 'admin' | 'off';
  jwtSecret: Uint8Array;
  /** JWT_SECRET_PREVIOUS: still accepted for sessions and sealed messages, never used to sign or seal. */
  jwtSecretPrevious: Uint8Array | null;
  /** Where the signing key came from (named in the start-up line). */
  jwtSecretSource: 'JWT_SECRET' | 'generated';
  publicUrl: string;
  embedded: boolean;
  dataDir: string;
  /** Variables that look like ours but are not (typos): warned about at start-up. */
  warnings: string[];
}

export class ConfigError extends Error {}

/** Variables read elsewhere (tests, development knobs) that are not product configuration. */
const AUXILIARY = new Set(['TEST_DATABASE_URL', 'E2E_DATABASE_URL', 'E2E_PORT', 'E2E_DATA_DIR', 'E2E_SKIP_BUILD', 'WEB_DIST_DIR']);
const OUR_PREFIXES = ['VAPID_', 'PUSH_', 'SMTP_', 'TWILIO_', 'OUTBOX_', 'RETENTION_', 'SMS_', 'JWT_', 'SEED_', 'TRUST_', 'WORKER_', 'DATABASE_', 'PUBLIC_URL', 'KITA_', 'IMMEDIATE_', 'MESSAGE_', 'REGISTRATION_', 'LEGAL_'];

/** Empty means unset: `DATABASE_URL=` in a compose file or .env must not be an error. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  return out;
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

/** Names that carry one of our prefixes or are one or two typos away from a setting, but are none. */
export function unknownVariables(env: NodeJS.ProcessEnv): string[] {
  const known = Object.keys(envSchema.shape);
  const out: string[] = [];
  for (const name of Object.keys(env)) {
    if (known.includes(name) || AUXILIARY.has(name)) continue;
    const close = name.length >= 6 ? known.find((k) => editDistance(k, name) <= 2) : undefined;
    if (close) out.push(`${name} is not a setting (did you mean ${close}?)`);
    else if (OUR_PREFIXES.some((p) => name.startsWith(p))) out.push(`${name} is not a setting (see .env.example)`);
  }
  return out;
}

/** Hop count, address/CIDR list, or false; a string starting with '!' is an error message. */
export function parseTrustProxy(v: string | undefined): false | number | string[] | string {
  if (v === undefined || ['false', 'off', 'no', '0'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    return '!`true` would trust every client to name its own address (per-IP limits could be bypassed); give the hop count (e.g. 1) or the proxy addresses';
  }
  const entries = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const e of entries) {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(e)) continue;
    const [addr, bits, ...rest] = e.split('/');
    const family = isIP(addr ?? '');
    const max = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      return `!${e} is neither a hop count nor an IP address or CIDR range (e.g. 1 or 10.0.0.0/8,127.0.0.1)`;
    }
  }
  return entries;
}

/**
 * Reads `.env` from the working directory when present (variables already set win), so an
 * operator can keep the settings in one file. Called by the entry points before loadConfig.
 */
export function loadDotEnv(file = path.resolve('.env')): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = withoutEmpty(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL || e.DATABASE_URL === 'embedded';
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production') {
    const problems = [
      ...(e.JWT_SECRET ? [] : ['JWT_SECRET: required in production (at least 32 characters)']),
      ...(e.PUBLIC_URL ? [] : ['PUBLIC_URL: required in production (links in messages use it)']),
      ...productionProblems(env, e),
    ];
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  if (embedded) assertDataDirParent(dataDir);
  const secret = e.JWT_SECRET ?? (embedded ? persistedSecret(dataDir) : undefined);
  if (!secret) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set');
  }
  const push = pushConfig(e, dataDir, embedded);
  const {
    JWT_SECRET: _s, JWT_SECRET_PREVIOUS: previous, PUBLIC_URL: _p, HOST: _h, API_DOCS: _d,
    VAPID_PRIVATE_KEY: _vk, VAPID_PUBLIC_KEY: _vp, PUSH_SERVICE_HOSTS: _ph, ...rest
  } = e;
  return {
    ...rest,
    push,
    // The embedded database has no URL: code asks `embedded` (or gets undefined here).
    DATABASE_URL: embedded ? undefined : e.DATABASE_URL,
    API_DOCS: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'public'),
    HOST: e.HOST ?? (e.NODE_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
    jwtSecret: new TextEncoder().encode(secret),
    jwtSecretPrevious: previous && previous !== secret ? new TextEncoder().encode(previous) : null,
    jwtSecretSource: e.JWT_SECRET ? 'JWT_SECRET' : 'generated',
    warnings: unknownVariables(env),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    embedded,
    dataDir,
  };
}

/**
 * DATA_DIR is created when missing, but its parent must exist: a typo there ends the start with
 * one line instead of a stack trace (or a database in an unexpected place).
 */
export function assertDataDirParent(dataDir: string): void {
  const parent = path.dirname(dataDir);
  if (!existsSync(parent)) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: ${dataDir} cannot be created: its parent folder ${parent} does not exist`);
  }
}

/** The embedded default keeps a generated 256-bit secret next to its database. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (required in production), else, with the
 * embedded database, generated once into DATA_DIR/vapid.json (0600) so subscriptions survive a
 * restart; otherwise (the tests, PostgreSQL in development) a pair in memory. The pair is checked:
 * the public key must belong to the private one.
 */
function pushConfig(e: Env, dataDir: string, embedded: boolean): PushConfig {
  const serviceHosts = e.PUSH_SERVICE_HOSTS ?? [];
  const subject = e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.SMTP_FROM)?.[1] ?? e.SMTP_FROM}`;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or none');
  }
  const make = (keys: { publicKey: string; privateKey: string }, source: PushConfig['source'], enabled = true): PushConfig => {
    const config = { enabled, publicKey: enabled ? keys.publicKey : '', subject, source, serviceHosts } as PushConfig;
    Object.defineProperty(config, 'privateKey', { value: enabled ? keys.privateKey : '', enumerable: false });
    return config;
  };
  if (e.PUSH === 'off') return make({ publicKey: '', privateKey: '' }, 'off', false);
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    if (vapidPublicKeyOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY) {
      throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: does not belong to VAPID_PRIVATE_KEY (set the pair that was generated together)');
    }
    return make({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY');
  }
  // Like the generated JWT secret: kept beside the embedded database; with PostgreSQL (and in the
  // tests) a pair for this process only, so subscriptions end with it (the start-up line says so).
  if (e.NODE_ENV === 'test' || !embedded) return make(generateVapidKeys(), 'ephemeral');
  return make(persistedVapidKeys(dataDir), 'generated');
}

/** A new VAPID key pair (P-256), base64url: what `npm run admin -- vapid-keys` prints. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: p256PrivateKey(ecdh) };
}

/**
 * The private key as its 32 bytes in base64url (43 characters). Node drops leading zero bytes, so
 * about one key in 256 came out a byte short and was refused by the check above.
 */
export function p256PrivateKey(ecdh: ECDH): string {
  const raw = ecdh.getPrivateKey();
  return Buffer.concat([Buffer.alloc(32 - raw.length), raw]).toString('base64url');
}

/** The public key of a VAPID private key (base64url), or '' when it is no P-256 private key. */
export function vapidPublicKeyOf(privateKey: string): string {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return '';
  }
}

function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (stored.privateKey && stored.publicKey && vapidPublicKeyOf(stored.privateKey) === stored.publicKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
    throw new ConfigError(`Invalid configuration:\n  ${file}: not a VAPID key pair; delete it to generate a new one (existing push subscriptions then stop working)`);
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
