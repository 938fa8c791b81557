import type { Catalog } from '../types.js';
import type { auth as de } from '../de/auth.js';

export const auth: Catalog<typeof de> = {
  brand: {
    tagline: 'Emergency care demand inquiries – fast, fair and transparent.',
    point1: 'Parents answer with a traffic light for each child',
    point2: 'Kita managers see the demand at a glance',
    point3: 'Results by e-mail or SMS',
  },
  login: {
    title: 'Log in',
    subtitle: 'Please choose how you want to log in.',
    roleLabel: 'I am logging in as',
    roleParent: 'Parent',
    roleStaff: 'Staff',
    parentHint: 'Log in with your e-mail address or mobile number.',
    invalidPhoneCredentials: 'Mobile number or password is wrong.',
    staffHint: 'For Kita managers and administrators.',
    email: 'E-mail',
    emailPlaceholder: 'name@example.com',
    identifier: 'E-mail or mobile number',
    identifierPlaceholder: 'name@example.com or 0170 1234567',
    identifierInvalid: 'Please enter a valid e-mail address or mobile number (e.g. 0170 1234567)',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    codeSent: 'Too many failed attempts – we have sent you a code (by e-mail or SMS to your account\'s address or number). Enter the code together with your password; this browser will then know your account.',
    code: 'Code from the e-mail or SMS',
    forgotPassword: 'Forgot your password?',
    failed: 'Login failed',
    sessionEnded: 'Your session has ended (signed out, password changed or expired). Please log in again.',
  },
  otp: {
    title: 'Enter the verification code',
    description: 'We have sent you a 6-digit code by SMS. It is valid for 10 minutes.',
    label: 'Verification code',
    submit: 'Verify',
    submitting: 'Verifying…',
    back: 'Back to login',
    failed: 'OTP verification failed',
  },
  unauthorized: {
    title: 'Unauthorized Access',
    text: 'Unauthorized Access - You do not have the required permissions to view this page.',
    button: 'Go to home',
  },
  error: {
    title: 'Oops! Something went wrong',
    default: 'An unexpected error occurred.',
    home: 'Go to home',
  },
};
