import { escapeHtml } from './messages.js';

/**
 * Links in messages start at the PUBLIC_URL the worker runs with when it SENDS the message, not
 * the one of the process that queued it (after a PUBLIC_URL change, 211 queued messages
 * still pointed at the old host). A message is composed as usual (SMS length and segments are
 * counted with a real link) and keeps, in outbox_messages.public_url, the PUBLIC_URL its links
 * were written with; at send time every link that starts with it is moved to the current one.
 */

interface MessageText {
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * The message with every occurrence of `writtenWith` (as a link start: followed by `/`, `?`, `#`,
 * or the end of the link) replaced by `current`. Unchanged when either is missing or both agree.
 */
export function rebaseLinks<T extends MessageText>(message: T, writtenWith: string | null | undefined, current: string | null | undefined): T {
  if (!writtenWith || !current) return message;
  const from = trimmed(writtenWith);
  const to = trimmed(current);
  if (from === to) return message;
  const swap = (text: string, a: string, b: string) => {
    // A link start only: "https://kita.example.org" must not match inside "https://kita.example.org.evil".
    const pattern = new RegExp(`${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#"'<\\s]|$)`, 'g');
    return text.replace(pattern, () => b);
  };
  return {
    ...message,
    subject: message.subject == null ? message.subject : swap(message.subject, from, to),
    bodyText: swap(message.bodyText, from, to),
    // In HTML the link is attribute-escaped (a PUBLIC_URL with `&` would be `&amp;` there).
    bodyHtml: message.bodyHtml == null ? message.bodyHtml : swap(message.bodyHtml, escapeHtml(from), escapeHtml(to)),
  };
}
