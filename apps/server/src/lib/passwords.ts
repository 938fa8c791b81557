import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP argon2id parameters (docs/quality.md): m = 19 MiB, t = 2, p = 1. */
const ARGON = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable under isolatedModules) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so unknown accounts are not revealed by timing.
    await hash(password, ARGON);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The 10,000 most common passwords of the zxcvbn-ts list (NIST SP 800-63B: reject commonly used
 * passwords). Shorter ones are rejected by the length rule anyway.
 */
const COMMON = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).filter((p) => p.length >= 6),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
