import type { Catalog } from '../types.js';
import type { errors as de } from '../de/errors.js';

export const errors: Catalog<typeof de> = {
  VALIDATION_FAILED: 'The input is invalid.',
  UNAUTHENTICATED: 'Please log in.',
  INVALID_CREDENTIALS: 'E-mail or password is wrong.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with existing data.',
  EMAIL_TAKEN: 'This e-mail address is already in use.',
  CATEGORY_EXISTS: 'This category already exists in the Kita.',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  INTERNAL: 'An unexpected error occurred.',
  OWN_ROLE: 'You cannot change your own role.',
  OLD_PASSWORD_WRONG: 'The old password is wrong.',
  requestFailed: 'Request failed with status {{status}}',
  noResponse: 'No response received from the server.',
  noData: 'No data received in response.',
  unexpected: 'An unexpected error occurred.',
};
