import * as React from 'react';
import { DownloadIcon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITIES, type AuditEntry } from '@kita/shared';
import { DatePicker } from '@/components/date-picker';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/auth';
import { formatWith } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { downloadAuditCsv, useAuditActors, useAuditLog, type AuditFilter } from '../queries';

const selectClass =
  'border-input dark:bg-input/30 flex h-9 w-full rounded-md border bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] md:text-sm';

/** A day of the form's date fields as the instant its start (from) or end (to) is in the browser's zone. */
function dayBound(day: Date | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + (end ? 1 : 0), 0, 0, end ? -1 : 0).toISOString();
}

interface FormState {
  actorUserId: string;
  entity: string;
  entityId: string;
  from: Date | undefined;
  to: Date | undefined;
}
const EMPTY_FORM: FormState = { actorUserId: '', entity: '', entityId: '', from: undefined, to: undefined };

/** What the details of a row say, compactly (field names and counts; names only until retention). */
function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

/**
 * /audit-log (Admins all, managers their Kita): who did what to which record and when, filtered by
 * person, kind of record, record id and days, newest first, 50 a page; the same filter as CSV.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = user?.role === 'Admin';
  const [form, setForm] = React.useState<FormState>(EMPTY_FORM);
  const [filter, setFilter] = React.useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const actors = useAuditActors();
  const [downloading, setDownloading] = React.useState(false);
  const set = (k: 'actorUserId' | 'entity' | 'entityId') => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [k]: e.target.value });
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    setFilter({
      actorUserId: form.actorUserId || undefined,
      entity: form.entity || undefined,
      entityId: form.entityId.trim() || undefined,
      from: dayBound(form.from, false),
      to: dayBound(form.to, true),
    });
  };
  const reset = () => {
    setForm(EMPTY_FORM);
    setFilter({});
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      notifyError(t('audit.downloadFailed'), error);
    } finally {
      setDownloading(false);
    }
  };
  const who = (e: AuditEntry) => e.actorName ?? (e.actorRole === 'system' ? t('audit.system') : e.actorRole === null ? t('audit.adminCommand') : e.actorRole);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="flex flex-col gap-6" data-qa="audit-log-page">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        actions={
          <Button variant="outline" onClick={() => void download()} disabled={downloading} data-qa="audit-csv">
            {downloading ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
            {t('audit.downloadCsv')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] lg:items-end" data-qa="audit-filter">
            <div className="grid gap-2">
              <Label htmlFor="audit-person">{t('audit.filters.person')}</Label>
              <select id="audit-person" className={selectClass} value={form.actorUserId} onChange={set('actorUserId')} data-qa="audit-person">
                <option value="">{t('audit.filters.anyone')}</option>
                {actors.data?.map((a) => (
                  <option key={a.userId} value={a.userId}>
                    {a.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="audit-entity">{t('audit.filters.entity')}</Label>
              <select id="audit-entity" className={selectClass} value={form.entity} onChange={set('entity')} data-qa="audit-entity">
                <option value="">{t('audit.filters.anyEntity')}</option>
                {AUDIT_ENTITIES.map((e) => (
                  <option key={e} value={e}>
                    {t(`audit.entities.${e}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="audit-record">{t('audit.filters.entityId')}</Label>
              <Input id="audit-record" value={form.entityId} onChange={set('entityId')} autoComplete="off" data-qa="audit-record" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="audit-from">{t('audit.filters.from')}</Label>
              <DatePicker id="audit-from" value={form.from} onChange={(from) => setForm({ ...form, from })} clearable data-qa="audit-from" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="audit-to">{t('audit.filters.to')}</Label>
              <DatePicker id="audit-to" value={form.to} onChange={(to) => setForm({ ...form, to })} clearable data-qa="audit-to" />
            </div>
            <div className="flex gap-2">
              <Button type="submit" data-qa="audit-apply">
                {t('audit.filters.apply')}
              </Button>
              <Button type="button" variant="outline" onClick={reset}>
                {t('audit.filters.reset')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {log.isLoading ? (
        <LoadingState />
      ) : log.error ? (
        <ErrorState title={t('audit.loadFailed')} error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4">
            {entries.length === 0 ? (
              <p className="text-muted-foreground py-6 text-center text-sm" data-qa="audit-empty">
                {t('audit.empty')}
              </p>
            ) : (
              <Table aria-label={t('audit.title')} data-qa="audit-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('audit.columns.time')}</TableHead>
                    <TableHead>{t('audit.columns.person')}</TableHead>
                    <TableHead>{t('audit.columns.action')}</TableHead>
                    <TableHead className="hidden md:table-cell">{t('audit.columns.record')}</TableHead>
                    {admin && <TableHead className="hidden lg:table-cell">{t('audit.columns.kita')}</TableHead>}
                    <TableHead className="hidden lg:table-cell">{t('audit.columns.details')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entries.map((e) => (
                    <TableRow key={e.id} data-qa="audit-row">
                      <TableCell className="align-top">
                        {formatWith(e.createdAt, 'dd.MM.yyyy')}
                        <div className="text-muted-foreground text-xs">{formatWith(e.createdAt, 'HH:mm:ss')}</div>
                      </TableCell>
                      <TableCell className="align-top whitespace-normal">{who(e)}</TableCell>
                      <TableCell className="align-top whitespace-normal">
                        <span className="font-medium">{t(`audit.entities.${e.entity}`)}</span>: {t(`audit.actions.${e.action}`)}
                        <div className="text-muted-foreground text-xs md:hidden">{e.entityId}</div>
                      </TableCell>
                      <TableCell className="text-muted-foreground hidden align-top font-mono text-xs md:table-cell">{e.entityId}</TableCell>
                      {admin && <TableCell className="hidden align-top whitespace-normal lg:table-cell">{e.kitaName}</TableCell>}
                      <TableCell className="text-muted-foreground hidden max-w-sm align-top text-xs break-words whitespace-normal lg:table-cell">{detailsText(e.details)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {log.hasNextPage && (
              <Button variant="outline" className="self-center" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} data-qa="audit-more">
                {t('audit.more')}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
