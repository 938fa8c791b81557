import type { Catalog } from '../types.js';
import type { validation as de } from '../de/validation.js';

export const validation: Catalog<typeof de> = {
  required: 'Required',
  tooLong: 'Too long',
  name: 'Only letters, spaces, apostrophes and hyphens; must not start with a digit',
  email: 'Please enter a valid e-mail address',
  phone: 'Phone number must start with +49 followed by 10 to 13 digits (e.g. +491701234567)',
  passwordMin: 'Password must be at least 6 characters',
  passwordMismatch: 'Passwords do not match',
  passwordSameAsOld: 'The new password must differ from the old one',
  passwordCommon: 'This password is too common and easy to guess',
  otp: 'The code has exactly 6 digits',
  uuid: 'Invalid selection',
  date: 'Invalid date',
  categoryName: 'Category must be Kindergarten or Krippe',
  role: 'Please choose a role',
  kitaRequired: 'Please choose a Kita',
  preferenceType: 'Invalid choice',
  childRequired: 'Please add at least one child',
  emailOrPhone: 'Please enter an e-mail address or a mobile number',
  invalid: 'Invalid input',
  phoneRequiredForSms: 'A phone number is required for SMS',
  dateOfBirthRange: 'The date of birth must be between 01.01.1900 and today',
  missingParent: 'Missing parent - select a parent or enter a new one',
};
