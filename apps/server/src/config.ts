import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment (or a `.env` file, see loadDotEnv); see .env.example.
 * Parsed once at start-up, before anything else happens. An empty variable counts as unset.
 * NODE_ENV defaults to production: the demo data, the dev mailbox and the generated secrets exist
 * only where development is asked for explicitly (the README's `npm start` does that).
 */
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
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://kita.example.org').optional(),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (256 bits)')
    .superRefine((v, ctx) => {
      const weak = weakSecretReason(v);
      if (weak) ctx.addIssue({ code: 'custom', message: `too weak (${weak}); generate one with \`openssl rand -hex 32\`` });
    })
    .optional(),
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
  SMTP_FROM: z.string().default('Kita Notbetreuung <no-reply@kita.example>'),
  /**
   * In production an smtp:// server that is not on this machine must offer STARTTLS (nodemailer
   * requireTLS): the SMTP password and reset links never go in clear text. `true` allows a
   * plain-text connection anyway (a relay on a trusted private network); the start-up line says so.
   */
  SMTP_ALLOW_PLAINTEXT: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Which SMS provider to use when both are configured (default: the one configured). */
  SMS_PROVIDER: z.enum(['twilio', 'seven']).optional(),
  SEVEN_API_KEY: z.string().optional(),
  SEVEN_FROM: z.string().optional(),
  SEVEN_API_URL: z.url().default('https://gateway.seven.io'),
  /** Signing secret of the seven.io webhook (delivery reports); without it reports are refused. */
  SEVEN_SIGNING_SECRET: z.string().optional(),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  OUTBOX_LOCK_MS: z.coerce.number().int().min(1000).default(120_000),
  FAQ_URL: z.url().default('https://www.kita.example/faq-notbetreuung'),
});

export type Env = z.infer<typeof envSchema>;

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

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'HOST'> {
  HOST: string;
  jwtSecret: Uint8Array;
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
const OUR_PREFIXES = ['SMTP_', 'TWILIO_', 'OUTBOX_', 'RETENTION_', 'SMS_', 'JWT_', 'SEED_', 'TRUST_', 'WORKER_', 'DATABASE_', 'PUBLIC_URL', 'KITA_', 'IMMEDIATE_'];

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
  const embedded = !e.DATABASE_URL;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production (links in messages use it)');
  }
  const secret = e.JWT_SECRET ?? (embedded ? persistedSecret(dataDir) : undefined);
  if (!secret) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set');
  }
  const { JWT_SECRET: _s, PUBLIC_URL: _p, HOST: _h, ...rest } = e;
  return {
    ...rest,
    HOST: e.HOST ?? (e.NODE_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
    jwtSecret: new TextEncoder().encode(secret),
    jwtSecretSource: e.JWT_SECRET ? 'JWT_SECRET' : 'generated',
    warnings: unknownVariables(env),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    embedded,
    dataDir,
  };
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
