import { loginResultSchema, loginStepSchema, normalizePhone, type LoginResult, type LoginStep } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call, ApiError } from '@/lib/api';
import { mutation, useInvalidatingMutation } from '@/lib/query';

/** A login either finishes ({token, user}) or asks for the SMS code ({otpToken}) (docs/domain.md). */
export type { LoginStep };

export function needsOtp(step: LoginStep): step is { otpToken: string } {
  return 'otpToken' in step;
}

// A wrong password answers 401/403 here; the form shows it instead of leaving the page.
const loginOptions = { redirectOnForbidden: false } as const;

export interface StaffCredentials {
  email: string;
  password: string;
  /** The one-time code after too many failed logins on the account (LOGIN_CODE_SENT). */
  code?: string | undefined;
}

async function staffLogin(input: StaffCredentials): Promise<LoginStep> {
  return loginStepSchema.parse(await call(apiRoutes.auth.staffLogin, { body: input, ...loginOptions }));
}

export interface ParentCredentials {
  /** An e-mail address or a +49 mobile number. */
  identifier: string;
  password: string;
  /** The one-time code after too many failed logins on the account (LOGIN_CODE_SENT). */
  code?: string | undefined;
}

/** A German phone number in any usual spelling (`0170 1234567`, `+49 (0)170 …`); e-mail addresses contain `@`. */
export function isPhoneIdentifier(identifier: string): boolean {
  return !identifier.includes('@') && normalizePhone(identifier) !== null;
}

/** Parents log in by e-mail (auth/login-with-email) or by phone (auth/login-with-phone, then OTP). */
async function parentLogin({ identifier, password, code }: ParentCredentials): Promise<LoginStep> {
  const value = identifier.trim();
  const withCode = code ? { code } : {};
  const answer = isPhoneIdentifier(value)
    ? await call(apiRoutes.auth.loginWithPhone, { body: { phoneNumber: normalizePhone(value)!, password, ...withCode }, ...loginOptions })
    : await call(apiRoutes.auth.loginWithEmail, { body: { email: value.toLowerCase(), password, ...withCode }, ...loginOptions });
  return loginStepSchema.parse(answer);
}

/** The two tabs of the login page. */
export type LoginKind = 'staff' | 'parent';

/** The credentials step: staff by e-mail, parents by e-mail or phone (the identifier is the e-mail for staff). */
export function useLogin(kind: LoginKind) {
  return useInvalidatingMutation(({ identifier, password, code }: ParentCredentials) =>
    kind === 'staff' ? staffLogin({ email: identifier, password, ...(code ? { code } : {}) }) : parentLogin({ identifier, password, code }),
  );
}

/**
 * Too many failed logins on the account: the server sent its owner a one-time code (e-mail or SMS);
 * the form then asks for it together with the password.
 */
export const isCodeRequest = (error: unknown) => error instanceof ApiError && (error.code === 'LOGIN_CODE_SENT' || error.code === 'LOGIN_CODE_WRONG');

export const useOtpLogin = mutation(
  async (input: { otpToken: string; otp: string }): Promise<LoginResult> => loginResultSchema.parse(await call(apiRoutes.auth.otpLogin, { body: input, ...loginOptions })),
);
