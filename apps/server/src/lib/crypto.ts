import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque URL-safe token of 256 random bits. Only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Six random digits (CSPRNG). */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
