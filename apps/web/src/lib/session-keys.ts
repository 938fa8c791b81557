/**
 * The localStorage keys of the session, on their own so the app's entry
 * (main.tsx) can tell whether there is a session without loading lib/auth.ts and what it imports.
 */
export const TOKEN_KEY = 'authToken';
export const OTP_TOKEN_KEY = 'otpToken';
export const USER_KEY = 'user';
