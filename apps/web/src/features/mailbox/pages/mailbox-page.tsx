import * as React from 'react';
import { InboxIcon, RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageToggle } from '@/components/language-toggle';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { MessageCard } from '../components/message-card';
import { useDevMessages } from '../queries';

/**
 * /dev/mailbox: every e-mail and SMS the app "sent" while no real transport is configured, with
 * clickable links, so activation, OTP and reset flows can be followed with no accounts anywhere.
 * `?recipient=` narrows the list to one address or number.
 */
export default function MailboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const recipient = (params.get('recipient') ?? '').trim().toLowerCase();
  const [filter, setFilter] = React.useState(recipient);
  const messages = useDevMessages(recipient);
  const list = React.useMemo(() => messages.data?.pages.flat() ?? [], [messages.data]);

  React.useEffect(() => {
    const timer = setTimeout(() => {
      const value = filter.trim();
      if (value.toLowerCase() !== recipient) setParams(value ? { recipient: value } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [filter, recipient, setParams]);

  const unavailable = messages.error instanceof ApiError && messages.error.status === 404;
  return (
    <div className="bg-muted/40 min-h-svh">
      <header className="bg-background flex items-center justify-between border-b px-4 py-3 md:px-6">
        <Link to="/" className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]">
          <Brand />
        </Link>
        <LanguageToggle />
      </header>
      <main className="mx-auto grid max-w-3xl gap-5 p-4 sm:p-6" data-qa="mailbox-page">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <InboxIcon className="size-6" aria-hidden="true" />
            {t('accounts.mailbox.title')}
          </h1>
          <p className="text-muted-foreground text-sm">{t('accounts.mailbox.description')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor="mailbox-filter">{t('accounts.mailbox.filter')}</Label>
            <Input
              id="mailbox-filter"
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('accounts.mailbox.filterPlaceholder')}
              data-qa="mailbox-filter"
            />
          </div>
          <Button variant="outline" onClick={() => void messages.refetch()} disabled={messages.isFetching} data-qa="mailbox-refresh">
            <RefreshCwIcon className={messages.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            {t('accounts.mailbox.refresh')}
          </Button>
        </div>
        {messages.isLoading ? (
          <LoadingState />
        ) : unavailable ? (
          <ErrorState title={t('accounts.mailbox.unavailable')} />
        ) : messages.error ? (
          <ErrorState title={t('common.state.errorTitle')} error={messages.error} onRetry={() => void messages.refetch()} />
        ) : list.length > 0 ? (
          <>
            <p className="text-muted-foreground text-sm" aria-live="polite" data-qa="mailbox-count">
              {t(messages.hasNextPage ? 'accounts.mailbox.countMore' : 'accounts.mailbox.count', { count: list.length })}
            </p>
            <div className="grid gap-4">
              {list.map((m) => (
                <MessageCard key={m.id} message={m} />
              ))}
            </div>
            {messages.hasNextPage && (
              <Button variant="outline" onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage} data-qa="mailbox-more">
                {t('accounts.mailbox.more')}
              </Button>
            )}
          </>
        ) : (
          <p className="text-muted-foreground rounded-xl border border-dashed p-10 text-center text-sm" data-qa="mailbox-empty">
            {t('accounts.mailbox.empty')}
          </p>
        )}
      </main>
    </div>
  );
}
