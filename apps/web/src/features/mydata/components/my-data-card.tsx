import * as React from 'react';
import { DownloadIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatWith } from '@/lib/format';
import { notifyError, runConfirmed } from '@/lib/notify';
import { useDownloadFamilyData, useErasureRequest, useRequestErasure } from '../queries';

/**
 * "Meine Daten" on the parent's profile page (and on the staff's parent page): the family's data as
 * JSON and PDF; for the family itself, the erasure request and, once asked, its deadline.
 */
export function MyDataCard({ parentId, asParent }: { parentId: string; asParent: boolean }) {
  const { t } = useTranslation();
  const download = useDownloadFamilyData();
  const erasure = useErasureRequest(parentId);
  const ask = useRequestErasure();
  const [confirming, setConfirming] = React.useState(false);
  const [format, setFormat] = React.useState<'json' | 'pdf' | null>(null);
  const date = (iso: string) => formatWith(iso, 'dd.MM.yyyy');
  const run = (f: 'json' | 'pdf') => {
    setFormat(f);
    download.mutate({ parentId, format: f }, { onError: (error) => notifyError(t('mydata.myData.downloadFailed'), error), onSettled: () => setFormat(null) });
  };
  const open = erasure.data;
  return (
    <Card data-qa="my-data">
      <CardHeader>
        <CardTitle>
          <h2>{t('mydata.myData.title')}</h2>
        </CardTitle>
        <CardDescription>{asParent ? t('mydata.myData.description') : t('mydata.myData.staffDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          {(['json', 'pdf'] as const).map((f) => (
            <Button key={f} variant="outline" onClick={() => run(f)} disabled={download.isPending} data-qa={`my-data-${f}`}>
              {format === f ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
              {f === 'json' ? t('mydata.myData.downloadJson') : t('mydata.myData.downloadPdf')}
            </Button>
          ))}
        </div>
        {open && (
          <p className="text-sm font-medium" role="status" data-qa="erasure-requested">
            {t('mydata.erasure.requested', { date: date(open.requestedAt), due: date(open.dueAt) })}
          </p>
        )}
        {asParent && !open && !erasure.isLoading && (
          <div className="border-t pt-4">
            <h3 className="font-medium">{t('mydata.erasure.title')}</h3>
            <p className="text-muted-foreground mt-1 text-sm">{t('mydata.erasure.description')}</p>
            <Button variant="destructive" className="mt-3" onClick={() => setConfirming(true)} data-qa="erasure-request">
              <Trash2Icon aria-hidden="true" />
              {t('mydata.erasure.request')}
            </Button>
          </div>
        )}
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('mydata.erasure.confirmTitle')}
          description={t('mydata.erasure.confirmText')}
          confirmLabel={t('mydata.erasure.confirm')}
          onConfirm={() => runConfirmed(() => ask.mutateAsync(parentId), t('mydata.erasure.requestedToast'), t('mydata.erasure.requestFailed'))}
        />
      </CardContent>
    </Card>
  );
}
