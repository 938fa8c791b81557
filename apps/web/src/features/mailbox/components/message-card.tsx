import { MailIcon, MessageSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DevMessage } from '@kita/shared';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { LinkifiedText } from './linkified-text';

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

/** One message as the recipient would see it: channel, recipient, subject and text with live links. */
export function MessageCard({ message }: { message: DevMessage }) {
  const { t } = useTranslation();
  const Icon = message.channel === 'sms' ? MessageSquareIcon : MailIcon;
  const status = (['pending', 'sending', 'sent', 'failed'] as const).find((s) => s === message.status);
  return (
    <article
      className="bg-card text-card-foreground grid gap-3 rounded-xl border p-4 shadow-sm sm:p-5"
      data-qa="mailbox-message"
      data-recipient={message.recipient}
      data-kind={message.kind}
      data-channel={message.channel}
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary" className="gap-1.5">
          <Icon className="size-3.5" aria-hidden="true" />
          {message.channel === 'sms' ? 'SMS' : t('parents.communication.email')}
        </Badge>
        <Badge variant="outline" className="font-mono">
          {message.kind}
        </Badge>
        <Badge className={cn('border-transparent', STATUS_STYLE[message.status])} data-qa="mailbox-status">
          {status ? t(`accounts.mailbox.status.${status}`) : message.status}
        </Badge>
        {message.smsSegments !== null && (
          <Badge
            variant="outline"
            className={cn(message.smsSegments > 1 && 'border-amber-500 text-amber-900 dark:text-amber-100')}
            data-qa="mailbox-segments"
            data-segments={message.smsSegments}
          >
            {message.smsSegments === 1
              ? t('accounts.mailbox.segmentsOne', { units: message.bodyText.length })
              : t('accounts.mailbox.segmentsMany', { count: message.smsSegments, units: message.bodyText.length })}
          </Badge>
        )}
        {message.attempts > 1 && <span className="text-muted-foreground">{t('accounts.mailbox.attempts', { count: message.attempts })}</span>}
        <time className="text-muted-foreground ms-auto" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </header>
      <div className="grid gap-1">
        <p className="text-muted-foreground text-sm">
          {t('accounts.mailbox.to')}: <span className="text-foreground font-medium break-all" data-qa="mailbox-recipient">{message.recipient}</span>
        </p>
        {message.subject && (
          <h2 className="font-semibold" data-qa="mailbox-subject">
            {message.subject}
          </h2>
        )}
      </div>
      <LinkifiedText text={message.bodyText} className="bg-muted/40 rounded-md p-3 text-sm leading-relaxed whitespace-pre-wrap" />
      {message.lastError && (
        <p className="text-destructive text-xs">
          {t('accounts.mailbox.lastError')}: {message.lastError}
        </p>
      )}
    </article>
  );
}
