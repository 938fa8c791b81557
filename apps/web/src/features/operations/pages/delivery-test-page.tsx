import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TestMessage } from '@kita/shared';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatWith } from '@/lib/format';
import { queryKeys } from '@/lib/query';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSendTestMessage, useTestMessages } from '../queries';

/** What the provider said when it took (or refused) the message. */
function providerAnswer(m: TestMessage, accepted: (transport: string, id: string) => string): string {
  if (m.providerMessageId) return accepted(m.transport ?? '', m.providerMessageId) + (m.providerAnswer ? ` – ${m.providerAnswer}` : '');
  return m.providerAnswer ?? m.transport ?? '–';
}

/**
 * /delivery-test (Admin): one SMS and one e-mail to a number/address the Admin enters;
 * the table shows the provider's answer and, when it arrives, the delivery report (polled).
 */
export default function DeliveryTestPage() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const send = useSendTestMessage();
  const messages = useTestMessages();
  const client = useQueryClient();
  // A test message may have paused a channel (or its probe resumed it): the banner follows at once.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: queryKeys.operations.pauses });
  }, [client, messages.dataUpdatedAt]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      { ...(phone.trim() ? { phone: phone.trim() } : {}), ...(email.trim() ? { email: email.trim() } : {}) },
      { onSuccess: () => notifySuccess(t('delivery.test.sent')), onError: (err) => notifyError(t('delivery.test.failed'), err) },
    );
  };

  return (
    <>
      <PageHeader title={t('delivery.test.title')} description={t('delivery.test.description')} />
      <Card>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-qa="delivery-test-form">
            <div className="grid gap-2">
              <Label htmlFor="test-phone">{t('delivery.test.phone')}</Label>
              <Input id="test-phone" type="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="0170 1234567" data-qa="delivery-test-phone" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="test-email">{t('delivery.test.email')}</Label>
              <Input id="test-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.org" data-qa="delivery-test-email" />
            </div>
            <Button type="submit" disabled={send.isPending || (!phone.trim() && !email.trim())} data-qa="delivery-test-send">
              {t('delivery.test.send')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('delivery.test.results')}</CardTitle>
        </CardHeader>
        <CardContent>
          {messages.isError ? (
            <ErrorState message={t('delivery.test.failed')} onRetry={() => void messages.refetch()} />
          ) : messages.isPending ? (
            <LoadingState />
          ) : messages.data.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('delivery.test.empty')}</p>
          ) : (
            <div className="overflow-x-auto">
              <Table data-qa="delivery-test-results">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('delivery.test.when')}</TableHead>
                    <TableHead>{t('delivery.channel')}</TableHead>
                    <TableHead>{t('delivery.test.to')}</TableHead>
                    <TableHead>{t('delivery.test.state')}</TableHead>
                    <TableHead>{t('delivery.test.provider')}</TableHead>
                    <TableHead>{t('delivery.test.report')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {messages.data.map((m) => (
                    <TableRow key={m.id} data-qa="delivery-test-row">
                      <TableCell className="whitespace-nowrap">{formatWith(m.createdAt, 'dd.MM. HH:mm:ss')}</TableCell>
                      <TableCell>{t(`delivery.channels.${m.channel}`)}</TableCell>
                      <TableCell className="whitespace-nowrap">{m.recipient}</TableCell>
                      <TableCell data-qa="delivery-test-state">
                        {t(`delivery.states.${m.state}`)}
                        {m.failureReason ? ` (${t(`delivery.reasons.${m.failureReason}`)})` : ''}
                      </TableCell>
                      <TableCell className="min-w-56 max-w-80 text-xs whitespace-normal break-words">{providerAnswer(m, (transport, id) => t('delivery.test.accepted', { transport, id }))}</TableCell>
                      <TableCell data-qa="delivery-test-report">{m.providerStatus ?? t('delivery.test.noReport')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
