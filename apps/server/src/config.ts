import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment; see .env.example. Parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  IMMEDIATE_EVENT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Kita Notbetreuung <no-reply@kita.example>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  OUTBOX_LOCK_MS: z.coerce.number().int().min(1000).default(120_000),
  FAQ_URL: z.url().default('https://www.kita.example/faq-notbetreuung'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Refuses obviously guessable signing secrets (issue 9): few distinct characters, one short
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

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  jwtSecret: Uint8Array;
  publicUrl: string;
  embedded: boolean;
  dataDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  const { JWT_SECRET: _s, PUBLIC_URL: _p, ...rest } = e;
  return {
    ...rest,
    jwtSecret: new TextEncoder().encode(secret),
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
