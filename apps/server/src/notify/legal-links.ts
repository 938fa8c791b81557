import { translate } from '@kita/shared/i18n';
import { appLink, escapeHtml } from './messages.js';

interface MailText {
  bodyText: string;
  bodyHtml?: string | null;
}

const PAGES = ['privacy', 'imprint', 'accessibility'] as const;

/**
 * Every e-mail ends with links to the privacy notice, the imprint and the accessibility statement
 * (in the recipient's language). They are added when the message is handed to the transport (and
 * when the dev mailbox shows it), at the PUBLIC_URL of the process that sends it: one place for
 * every kind of e-mail, so none can be composed without them. SMS stay as they are (one segment).
 */
export function withLegalLinks<T extends MailText>(message: T, channel: string, publicUrl: string, language: string): T {
  if (channel !== 'email') return message;
  const lang = language === 'en' ? 'en' : 'de';
  const links = PAGES.map((page) => ({ label: translate(lang, `messages.common.${page}`), href: appLink(publicUrl, `/${page}`, { lang }) }));
  // Shown twice (dev mailbox after delivery), never doubled.
  if (message.bodyText.includes(links[0]!.href)) return message;
  const text = `${message.bodyText}\n${links.map((l) => `${l.label}: ${l.href}`).join('\n')}`;
  if (!message.bodyHtml) return { ...message, bodyText: text };
  const paragraph = `<p style="max-width:560px;margin:8px auto 0;font-size:12px;color:#57534e">${links
    .map((l) => `<a href="${escapeHtml(l.href)}" style="color:#57534e">${escapeHtml(l.label)}</a>`)
    .join(' · ')}</p>`;
  const html = message.bodyHtml.includes('</body>') ? message.bodyHtml.replace('</body>', `${paragraph}\n</body>`) : `${message.bodyHtml}\n${paragraph}`;
  return { ...message, bodyText: text, bodyHtml: html };
}
