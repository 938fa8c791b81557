import { translate, type MessageKey, type MessageKeyIn } from '@kita/shared/i18n';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@kita/shared';
import type { MessageKind, OutboxMessage } from './outbox.js';
import { countSmsSegments, segmentLimit, shortenKitaName, SMS_ENCODING, toGsm7 } from './sms-text.js';

/**
 * Message templates (docs/domain.md "Messages"): one e-mail (subject, plain text, HTML) or one SMS
 * per kind, in the recipient's language, from the `messages` i18n namespace.
 */

export type Channel = 'email' | 'sms';

/**
 * A stored language (a text column of parents, users and outbox rows) as a Language: every
 * family language is kept as it is; a value the product does not know means German, the default.
 */
export function storedLanguage(l: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Language) : 'de';
}
export type MessageVars = Record<string, string | number>;

/**
 * The variables each kind needs. `name` (the greeting) is optional everywhere; `link` is built
 * by the caller from config.publicUrl (see `appLink`), never from the request's Host header.
 */
export const MESSAGE_VARS: Record<MessageKind, readonly string[]> = {
  activation: ['kitaName', 'link'],
  email_change: ['kitaName', 'link'],
  otp: ['otp', 'minutes'],
  password_reset: ['link', 'minutes'],
  registration_received: ['kitaName'],
  account_exists: ['kitaName', 'link'],
  registration_approved: ['kitaName', 'link'],
  // careDays: formatCarePeriod (@kita/shared), "am Mi, 25.11." or "vom … bis …"; deadline: formatDeadline.
  inquiry: ['kitaName', 'careDays', 'deadline', 'link'],
  reminder: ['kitaName', 'careDays', 'deadline', 'link'],
  results: ['kitaName', 'careDays', 'results'],
  slot_offered: ['kitaName', 'careDays', 'childName'],
  slot_released: ['kitaName', 'careDays', 'childName'],
  event_withdrawn: ['kitaName', 'careDays'],
  registration_declined: ['kitaName'],
  credits_reset: ['kitaName'],
  erasure_done: ['kitaName'],
};

/**
 * Family-facing kinds whose channel fallback (modules/delivery/fallback.ts) composes the same
 * message again for the other channel from the variables stored on the outbox row. None of them
 * stores a link token or code (inquiry and reminder fall back with a fresh link instead); the
 * result and "a place is free" store `calendar: 1` and their calendar link is built again from the
 * ids (notify/calendar-link.ts composeWithCalendar).
 */
export const RECOMPOSABLE_KINDS: ReadonlySet<MessageKind> = new Set<MessageKind>([
  'results',
  'slot_offered',
  'slot_released',
  'event_withdrawn',
  'registration_declined',
]);

export interface ComposeOptions {
  language: Language;
  channel: Channel;
  recipient: string;
  vars: MessageVars;
}

/** Builds a message ready for `enqueueMessages` (the caller adds idempotencyKey and the ids). */
export function composeMessage(kind: MessageKind, opts: ComposeOptions): Omit<OutboxMessage, 'idempotencyKey'> {
  const missing = MESSAGE_VARS[kind].filter((v) => opts.vars[v] === undefined || opts.vars[v] === '');
  // A programming error in the caller: fail loudly instead of sending a message with holes.
  if (missing.length > 0) throw new Error(`composeMessage(${kind}): missing vars ${missing.join(', ')}`);
  const lang = storedLanguage(opts.language);
  const t = (key: MessageKeyIn<'messages'>) => translate(lang, `messages.${key}`, opts.vars);
  const base = { kind, channel: opts.channel, recipient: opts.recipient, language: lang, ...(RECOMPOSABLE_KINDS.has(kind) ? { vars: opts.vars } : {}) } as const;

  if (opts.channel === 'sms') {
    const bodyText = composeSms(kind, lang, opts.vars);
    return { ...base, subject: null, bodyText, bodyHtml: null, smsSegments: countSmsSegments(bodyText).segments };
  }

  const greeting = opts.vars.name ? t('common.greeting') : t('common.greetingNoName');
  const paragraphs = t(`${kind}.body`).split(/\n{2,}/);
  // The inquiry's description goes out as the Kita typed it (usually German), under a label in the
  // family's language that says whose words these are. Not in SMS: it would cost segments.
  const kitaNote = typeof opts.vars.kitaNote === 'string' ? opts.vars.kitaNote.trim() : '';
  const note = kitaNote ? { label: t('common.kitaNote'), text: kitaNote } : null;
  const link = typeof opts.vars.link === 'string' ? opts.vars.link : null;
  const action = link ? t(`${kind}.action`) || link : null;
  const signature = t('common.signature');
  const footer = t('common.footer');

  const text = [
    greeting,
    '',
    paragraphs.join('\n\n'),
    ...(note ? ['', note.label, note.text] : []),
    ...(link ? ['', `${action}: ${link}`] : []),
    '',
    signature,
    '',
    '--',
    footer,
  ].join('\n');

  const html = renderHtml({
    lang,
    subject: t(`${kind}.subject`),
    greeting,
    paragraphs,
    note,
    link,
    action,
    linkFallback: t('common.linkFallback'),
    signature,
    footer,
  });

  return { ...base, subject: t(`${kind}.subject`), bodyText: text, bodyHtml: html };
}

/** The shortest Kita name an SMS is cut to; below that the SMS rather takes another segment. */
const MIN_SMS_KITA_NAME = 12;

/**
 * An SMS text in as few segments as it can be. German, English, Turkish and Polish SMS are
 * written in GSM-7 (names and letters outside it transliterated, e.g. ş → s, ł → l), Ukrainian,
 * Russian and Arabic in UCS-2 (sms-text.ts SMS_ENCODING). A Kita name that makes the text need
 * more segments is abbreviated ("Städtische Kindertagesstätte" → "Städt. Kita") and then cut:
 * first to fit one segment, else one segment fewer than the full text needs. What still does not
 * fit (many children in one result SMS) is sent as it is; the outbox row records the count.
 */
export function composeSms(kind: MessageKind, lang: Language, vars: MessageVars): string {
  // The result and "a place is free" with a granted place end with the calendar link
  // (notify/calendar-link.ts), but only while the SMS stays within CALENDAR_SMS_MAX_SEGMENTS: a
  // longer one (two children in Ukrainian, Russian or Arabic) goes without it, and the family
  // finds the calendar in its history.
  if ((kind === 'results' || kind === 'slot_offered') && typeof vars.link === 'string' && vars.link !== '') {
    const linked = fitSms(lang, vars, `messages.${kind}.smsLink`);
    if (countSmsSegments(linked).segments <= CALENDAR_SMS_MAX_SEGMENTS) return linked;
  }
  return fitSms(lang, vars, `messages.${kind}.sms`);
}

/** The most segments a result or "a place is free" SMS may take with the calendar link in it. */
export const CALENDAR_SMS_MAX_SEGMENTS = 3;

function fitSms(lang: Language, vars: MessageVars, key: MessageKey): string {
  const gsm = SMS_ENCODING[lang] === 'gsm7';
  const render = (v: MessageVars) => {
    const text = translate(lang, key, v);
    return gsm ? toGsm7(text) : text;
  };
  const full = render(vars);
  const kitaName = typeof vars.kitaName === 'string' ? (gsm ? toGsm7(vars.kitaName) : vars.kitaName) : null;
  const needed = countSmsSegments(full).segments;
  if (needed === 1 || !kitaName) return full;
  for (let target = 1; target < needed; target++) {
    const limit = segmentLimit(gsm ? 'gsm7' : 'ucs2', target);
    let units = countSmsSegments(full).units;
    // At least the shortest name is tried: the abbreviations may save more than the count suggests.
    let max = Math.max(MIN_SMS_KITA_NAME, kitaName.length - (units - limit));
    while (max >= MIN_SMS_KITA_NAME) {
      const text = render({ ...vars, kitaName: shortenKitaName(kitaName, max) });
      units = countSmsSegments(text).units;
      if (units <= limit) return text;
      max -= units - limit;
    }
  }
  // As many segments either way: then with the Kita name as it is.
  return full;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
/** Escaped, with line breaks kept (result lists). */
const para = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

function renderHtml(p: {
  lang: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  note: { label: string; text: string } | null;
  link: string | null;
  action: string | null;
  linkFallback: string;
  signature: string;
  footer: string;
}): string {
  // Inline styles only: mail clients drop <style> blocks and external CSS.
  const body = [
    `<p style="margin:0 0 16px">${para(p.greeting)}</p>`,
    ...p.paragraphs.map((x) => `<p style="margin:0 0 16px">${para(x)}</p>`),
  ];
  if (p.note) {
    // The Kita's words keep their own direction (German inside an Arabic mail) and are marked as German.
    body.push(
      `<div style="margin:0 0 16px;padding:12px 16px;background:#fefce8;border-radius:6px"><p style="margin:0 0 8px;font-weight:600">${para(p.note.label)}</p><p lang="de" dir="auto" style="margin:0">${para(p.note.text)}</p></div>`,
    );
  }
  if (p.link && p.action) {
    const href = escapeHtml(p.link);
    body.push(
      `<p style="margin:24px 0"><a href="${href}" style="background:#facc15;color:#1c1917;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(p.action)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#57534e">${escapeHtml(p.linkFallback)}<br><a href="${href}" dir="ltr" style="color:#1d4ed8;word-break:break-all">${href}</a></p>`,
    );
  }
  body.push(`<p style="margin:24px 0 0">${para(p.signature)}</p>`);
  return [
    '<!doctype html>',
    // Arabic mails read right to left; the link stays left to right (dir="ltr" on it).
    `<html lang="${p.lang}"${RTL_LANGUAGES.includes(p.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    ...body,
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#78716c">${para(p.footer)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** Links in messages always start at the configured public URL (docs/domain.md "Links and codes"). */
export function appLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${publicUrl.replace(/\/$/, '')}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * One result line per child for the `results` var ("Mia: Platz erhalten"). `credited`: no place,
 * and the family's credits went up for it (rule version 2), which the line says; a child on the
 * waiting list of a future inquiry learns its position; a child whose family answered green (care
 * at home) is thanked instead of being told "no place".
 */
export function resultLines(
  language: Language,
  rows: Array<{ childName: string; hasSlot: boolean; credited?: boolean; waitlistPosition?: number | null; preferenceType?: string | null }>,
): string {
  return rows
    .map((r) => {
      const vars = { childName: r.childName, position: r.waitlistPosition ?? '' };
      if (r.hasSlot) return translate(language, 'messages.resultLine.slot', vars);
      if (r.preferenceType === 'green') return translate(language, 'messages.resultLine.home', vars);
      if (r.waitlistPosition) return translate(language, r.credited ? 'messages.resultLine.waitlistCredit' : 'messages.resultLine.waitlist', vars);
      return translate(language, r.credited ? 'messages.resultLine.noSlotCredit' : 'messages.resultLine.noSlot', vars);
    })
    .join('\n');
}

export interface ParentContact {
  email: string | null;
  primaryPhone: string | null;
  primaryPhoneVerified: boolean;
  preferredCommunication: string | null;
  isAnonymous: boolean;
  language: string;
}

/**
 * Where a parent's messages go: SMS only to a verified primary phone, e-mail to the parent's
 * e-mail; the other channel when the preferred one is missing; nowhere for an anonymous parent
 * (the manager records their answers).
 */
export function parentRecipient(parent: ParentContact): { channel: Channel; recipient: string; language: Language } | null {
  if (parent.isAnonymous) return null;
  const language = storedLanguage(parent.language);
  const sms = parent.primaryPhone && parent.primaryPhoneVerified ? parent.primaryPhone : null;
  const email = parent.email || null;
  const order: Channel[] = parent.preferredCommunication === 'sms' ? ['sms', 'email'] : ['email', 'sms'];
  for (const channel of order) {
    const recipient = channel === 'sms' ? sms : email;
    if (recipient) return { channel, recipient, language };
  }
  return null;
}
