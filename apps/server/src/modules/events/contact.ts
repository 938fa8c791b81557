import { sql } from 'drizzle-orm';
import { parents } from '../../db/schema.js';
import { parentRecipient } from '../../notify/messages.js';

/**
 * The parent columns a message needs, for builder queries that join `parents`: select it as a
 * nested field (`contact: parentContact`) and hand the result to notify/messages.ts parentRecipient.
 */
export const parentContact = {
  // A NOT NULL column first: after a left join Drizzle reads a null first field as "no parent" and
  // answers null for the whole object (an SMS-only family has no e-mail).
  language: parents.language,
  isAnonymous: parents.isAnonymous,
  email: parents.email,
  primaryPhone: parents.primaryPhone,
  primaryPhoneVerified: parents.primaryPhoneVerified,
  preferredCommunication: parents.preferredCommunication,
};

/** The parent columns a message needs, for raw SQL over `parents p` (declared once with ParentContactRow). */
export const PARENT_CONTACT = sql.raw('p.email, p.primary_phone, p.primary_phone_verified, p.preferred_communication, p.is_anonymous, p.language');

/** A row selected with PARENT_CONTACT; after a left join the flags may be null (no such parent). */
export type ParentContactRow = {
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean | null;
  preferred_communication: string | null;
  is_anonymous: boolean | null;
  language: string;
};

/** Where a message to this parent goes now (notify/messages.ts parentRecipient), or null. */
export function contactOf(p: ParentContactRow) {
  return parentRecipient({
    email: p.email,
    primaryPhone: p.primary_phone,
    primaryPhoneVerified: p.primary_phone_verified ?? false,
    preferredCommunication: p.preferred_communication,
    isAnonymous: p.is_anonymous ?? true,
    language: p.language,
  });
}
