import * as React from 'react';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ErasureRequest } from '@kita/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/auth';
import { formatWith } from '@/lib/format';
import { runConfirmed } from '@/lib/notify';
import { useErasureRequests, useExecuteErasure } from '../queries';

/**
 * /erasure-requests (Admins all Kitas, managers their own): the families that asked for their
 * data to be erased, by deadline (one month), with "erase now"; the done ones with their pseudonym.
 */
export default function ErasureRequestsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [status, setStatus] = React.useState<'open' | 'done'>('open');
  const query = useErasureRequests(status);
  const execute = useExecuteErasure();
  const [target, setTarget] = React.useState<ErasureRequest | null>(null);
  const date = (iso: string) => formatWith(iso, 'dd.MM.yyyy');
  const admin = user?.role === 'Admin';

  return (
    <div className="flex flex-col gap-6" data-qa="erasure-requests-page">
      <PageHeader
        title={t('mydata.requests.title')}
        description={t('mydata.requests.description')}
        actions={
          <Button variant="outline" onClick={() => setStatus(status === 'open' ? 'done' : 'open')} data-qa="erasure-toggle">
            {status === 'open' ? t('mydata.requests.showDone') : t('mydata.requests.showOpen')}
          </Button>
        }
      />
      {query.isLoading ? (
        <LoadingState />
      ) : query.error || !query.data ? (
        <ErrorState title={t('mydata.requests.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <CardContent>
            {query.data.length === 0 ? (
              <p className="text-muted-foreground py-6 text-center text-sm" data-qa="erasure-empty">
                {t('mydata.requests.empty')}
              </p>
            ) : (
              <Table aria-label={t('mydata.requests.title')} data-qa="erasure-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('mydata.requests.family')}</TableHead>
                    {admin && <TableHead>{t('mydata.requests.kita')}</TableHead>}
                    <TableHead className="hidden sm:table-cell">{t('mydata.requests.requestedAt')}</TableHead>
                    <TableHead>{status === 'open' ? t('mydata.requests.dueAt') : t('mydata.requests.doneAt')}</TableHead>
                    {status === 'open' && <TableHead><span className="sr-only">{t('mydata.requests.execute')}</span></TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {query.data.map((r) => (
                    <TableRow key={r.id} data-qa="erasure-row">
                      <TableCell className="font-medium whitespace-normal">{r.familyName}</TableCell>
                      {admin && <TableCell className="whitespace-normal">{r.kitaName}</TableCell>}
                      <TableCell className="hidden sm:table-cell">{date(r.requestedAt)}</TableCell>
                      <TableCell>
                        {status === 'open' ? date(r.dueAt) : r.doneAt && date(r.doneAt)}
                        {r.overdue && (
                          <Badge variant="destructive" className="ml-2">
                            {t('mydata.requests.overdue')}
                          </Badge>
                        )}
                      </TableCell>
                      {status === 'open' && (
                        <TableCell>
                          <Button size="sm" variant="destructive" onClick={() => setTarget(r)} aria-label={t('mydata.requests.execute')} data-qa="erasure-execute">
                            <Trash2Icon aria-hidden="true" />
                            <span className="hidden sm:inline">{t('mydata.requests.execute')}</span>
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}
      <ConfirmDeleteDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={t('mydata.requests.confirmTitle', { name: target?.familyName })}
        description={t('mydata.requests.confirmText', { label: t('mydata.erasedFamily', { n: '…' }) })}
        confirmLabel={t('mydata.requests.execute')}
        typeToConfirm={target?.familyName}
        onConfirm={() =>
          target &&
          runConfirmed(
            async () => {
              const r = await execute.mutateAsync(target.id);
              setTarget(null);
              return r;
            },
            t('mydata.requests.doneToast'),
            t('mydata.requests.failed'),
          )
        }
      />
    </div>
  );
}
