import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque URL-safe token of 128 random bits (22 characters, short enough for an SMS link). Only its hash is stored. */
export const newToken = () => randomBytes(16).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Six random digits (CSPRNG). */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
