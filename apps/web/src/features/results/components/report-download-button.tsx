import { DownloadIcon, Loader2Icon, SheetIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { useDownloadReport, useDownloadReportCsv } from '../queries';

/** The report download of a finished event (PDF saved as event-report.pdf). */
export function ReportDownloadButton({ eventId, kitaId }: { eventId: string; kitaId: string | undefined }) {
  const { t } = useTranslation();
  const download = useDownloadReport();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => download.mutate({ eventId, kitaId }, { onError: (error) => notifyError(t('results.report.downloadFailed'), error) })}
      disabled={download.isPending}
      data-qa="event-report-download"
    >
      {download.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
      {t('results.report.download')}
    </Button>
  );
}

/** The answer table of the event as CSV for a spreadsheet, beside the PDF button. */
export function ReportCsvButton({ eventId, kitaId }: { eventId: string; kitaId: string | undefined }) {
  const { t } = useTranslation();
  const download = useDownloadReportCsv();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => download.mutate({ eventId, kitaId }, { onError: (error) => notifyError(t('results.report.downloadCsvFailed'), error) })}
      disabled={download.isPending}
      data-qa="event-report-csv"
    >
      {download.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SheetIcon aria-hidden="true" />}
      {t('results.report.downloadCsv')}
    </Button>
  );
}
