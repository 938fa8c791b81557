import { translate, type MessageKeyIn } from '@kita/shared/i18n';
import { zonedDay, type EventReport, type Language } from '@kita/shared';
import { csvSeparator, fileNamePart, toCsv } from '../../lib/csv.js';

/**
 * The inquiry's answer table as CSV: the same rows and cells as the report PDF (buildReport), one
 * record per child with its group as the first column, so a spreadsheet can filter and sort.
 */
export function reportCsv(report: EventReport, lang: Language): { body: Buffer; fileName: string } {
  const t = (key: MessageKeyIn<'results'>) => translate(lang, `results.${key}`);
  const header = [
    t('report.columns.group'),
    t('report.columns.child'),
    t('report.columns.parent'),
    t('report.columns.credit'),
    t('report.columns.preference'),
    t('report.columns.slot'),
    t('report.columns.rank'),
    t('report.columns.reason'),
  ];
  const rows = report.groups.flatMap((g) =>
    g.rows.map((r) => [
      g.groupName,
      r.childName,
      r.parentName,
      r.credit,
      r.preferenceType ? t(`tier.${r.preferenceType}`) : t('tier.unanswered'),
      r.hasSlot ? t(`slot.${r.hasSlot}`) : null,
      r.rank,
      r.reasonText ?? null,
    ]),
  );
  const day = zonedDay(new Date(report.event.eventDate), report.event.timezone);
  return {
    body: toCsv(header, rows, csvSeparator(lang)),
    fileName: `${t('report.csvFile')}-${fileNamePart(report.event.kitaName)}-${day}.csv`,
  };
}
