import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'Hello {{name}},',
    greetingNoName: 'Hello,',
    signature: 'Your Kita emergency care team',
    footer: 'This message was sent automatically. Please do not reply to it.',
    linkFallback: 'If the button does not work, copy this link into your browser:',
  },
  activation: {
    subject: 'Please confirm your e-mail address',
    body: 'an account for the emergency care of {{kitaName}} has been created for you. Please confirm your e-mail address with the link below. The link is valid for 7 days.',
    action: 'Confirm e-mail address',
    sms: '{{kitaName}}: Please confirm your e-mail address: {{link}}',
  },
  email_change: {
    subject: 'Please confirm your new e-mail address',
    body: 'this address is to be used from now on for your emergency care account at {{kitaName}}. Please confirm it with the link below; only then does it take effect. The link is valid for 48 hours.\n\nIf you did not ask for this, ignore this e-mail. Nothing changes.',
    action: 'Confirm new e-mail address',
    sms: '{{kitaName}}: Please confirm your new e-mail address: {{link}}',
  },
  otp: {
    subject: 'Your verification code: {{otp}}',
    body: 'Your verification code is {{otp}}. It is valid for {{minutes}} minutes. Do not share it with anyone.',
    action: '',
    sms: 'Your Kita verification code: {{otp}}. Valid for {{minutes}} minutes. Do not share it with anyone.',
  },
  password_reset: {
    subject: 'Reset your password',
    body: 'You asked to reset your password. Use the link below to set a new password. The link is valid for {{minutes}} minutes.\n\nIf you did not ask for this, ignore this message; your password stays unchanged.',
    action: 'Set a new password',
    sms: 'Kita: Set a new password (valid {{minutes}} min): {{link}}',
  },
  registration_received: {
    subject: 'Your registration with {{kitaName}}',
    body: 'thank you for registering with {{kitaName}}. The Kita management will review your details. You will get another message as soon as your account is approved.',
    action: '',
    sms: '{{kitaName}}: Thank you for registering. We will let you know as soon as the Kita management has approved your account.',
  },
  account_exists: {
    subject: 'Registration with {{kitaName}}: you already have an account',
    body: 'someone just tried to register with {{kitaName}} using this e-mail address. You already have an account, so there is no need to register again.\n\nJust log in. If you have forgotten your password, you can reset it on the login page. If this was not you, you can ignore this message.',
    action: 'Log in',
    sms: '{{kitaName}}: You already have an account. Log in: {{link}}',
  },
  registration_approved: {
    subject: 'Your account with {{kitaName}} is approved',
    body: 'the Kita management has approved your registration with {{kitaName}}. You can log in now and will receive the emergency care demand inquiries from now on.',
    action: 'Go to login',
    sms: '{{kitaName}}: Your account is approved. Log in: {{link}}',
  },
  inquiry: {
    subject: 'Emergency care demand inquiry: care {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} is asking about the need for emergency care {{careDays}}. Please tell us for each of your children by {{deadline}} whether you need a place.',
    action: 'Give your answer',
    sms: '{{kitaName}}: emergency care {{careDays}}, answer by {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Reminder: emergency care demand inquiry: care {{careDays}} – {{kitaName}}',
    body: 'we have not yet received your answer to the demand inquiry of {{kitaName}} for emergency care {{careDays}}. Please tell us for each of your children by {{deadline}} whether you need a place.',
    action: 'Give your answer',
    sms: 'Reminder {{kitaName}}: care {{careDays}}, answer by {{deadline}}: {{link}}',
  },
  results: {
    subject: 'Result of the demand inquiry: emergency care {{careDays}} – {{kitaName}}',
    body: 'the demand inquiry of {{kitaName}} for emergency care {{careDays}} is closed. The result for your children:\n\n{{results}}',
    action: '',
    sms: '{{kitaName}}, emergency care {{careDays}}: {{results}}',
  },
  slot_offered: {
    subject: 'A place has become free – {{kitaName}}',
    body: 'a place in the emergency care of {{kitaName}} {{careDays}} has become free. {{childName}} now has a place.',
    action: '',
    sms: '{{kitaName}}: A place has become free. {{childName}} now has a place in emergency care {{careDays}}.',
  },
  slot_released: {
    subject: 'Emergency care place given back – {{kitaName}}',
    body: 'the management of {{kitaName}} has given back the place of {{childName}} in emergency care {{careDays}}. {{childName}} no longer has a place. If you have questions, please contact the Kita.',
    action: '',
    sms: '{{kitaName}}: The Kita has given back the place of {{childName}} in emergency care {{careDays}}.',
  },
  event_withdrawn: {
    subject: 'Demand inquiry withdrawn: emergency care {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} has withdrawn the demand inquiry for emergency care {{careDays}}. You need not do anything; the link in the inquiry no longer works.',
    action: '',
    sms: '{{kitaName}}: The inquiry for emergency care {{careDays}} was withdrawn. You need not do anything.',
  },
  registration_declined: {
    subject: 'Your registration with {{kitaName}}',
    body: 'the management of {{kitaName}} has not approved your registration. If you have questions, please contact the Kita directly.',
    action: '',
    sms: '{{kitaName}}: The Kita management has not approved your registration. If you have questions, please contact the Kita.',
  },
  credits_reset: {
    subject: 'Your credits with {{kitaName}} have been reset',
    body: 'the management of {{kitaName}} has reset your family\'s credits to 0.',
    action: '',
    sms: '{{kitaName}}: Your family\'s credits have been reset to 0.',
  },
  resultLine: {
    slot: '{{childName}}: place granted',
    noSlot: '{{childName}}: no place',
    noSlotCredit: '{{childName}}: no place (+1 credit, earlier in line next time)',
    waitlist: '{{childName}}: no place, waiting list no. {{position}}',
    waitlistCredit: '{{childName}}: no place, waiting list no. {{position}} (+1 credit)',
    home: '{{childName}}: care at home, thank you!',
  },
};
