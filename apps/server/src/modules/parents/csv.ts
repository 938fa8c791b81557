import { translate, type MessageKeyIn } from '@kita/shared/i18n';
import { zonedDay, type Language, type Parent, type ParentChild } from '@kita/shared';
import { csvSeparator, fileNamePart, toCsv } from '../../lib/csv.js';

/**
 * The parents list as CSV (what the staff table shows plus the contacts and the children), for
 * the Kita's own lists and mail merges. The file is named after the Kita (or "all Kitas" for an
 * Admin's list over every Kita) and the day it was made, in the Kita's zone.
 */
export function parentsCsv(
  list: Parent[],
  childrenOf: Map<string, ParentChild[]>,
  lang: Language,
  now: Date,
  kita: { name: string; timezone: string } | null,
): { body: Buffer; fileName: string } {
  const t = (key: MessageKeyIn<'parents'>) => translate(lang, `parents.${key}`);
  const header = [
    t('columns.name'),
    t('columns.kita'),
    t('details.email'),
    t('details.secondaryEmail'),
    t('details.primaryPhone'),
    t('details.secondaryPhone'),
    t('columns.preferredCommunication'),
    t('details.language'),
    t('columns.credits'),
    t('csv.status'),
    t('columns.accountStatus'),
    t('csv.children'),
  ];
  const rows = list.map((p) => [
    p.name,
    p.kitaName,
    p.email,
    p.secondaryEmail,
    p.primaryPhoneNumber,
    p.secondaryPhoneNumber,
    p.preferredCommunication ? t(`communication.${p.preferredCommunication}`) : null,
    p.language,
    p.credits,
    t(`status.${p.status}`),
    t(`accountStatus.${p.isActive ? 'active' : 'inactive'}`),
    (childrenOf.get(p.parentId) ?? []).map((c) => `${c.childName} (${c.group.groupName})`).join(', '),
  ]);
  // An Admin's list over every Kita has no Kita zone; the product's default zone names the day.
  const day = zonedDay(now, kita?.timezone ?? 'Europe/Berlin');
  return {
    body: toCsv(header, rows, csvSeparator(lang)),
    fileName: `${t('csv.file')}-${fileNamePart(kita?.name ?? t('csv.allKitas'))}-${day}.csv`,
  };
}
