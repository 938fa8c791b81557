import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCarePeriod, translate, type MessageKeyIn } from '@kita/shared/i18n';
import { formatDateTime, formatDeadline, type EventReport, type Language, type ReportRow } from '@kita/shared';

/**
 * The event report as an A4 PDF in the caller's language (docs/domain.md "Reports"): the Kita, type and
 * dates (Kita timezone), slots, counts per colour, slots given, overflow, then one row per child
 * grouped by group, and at the end the seed, the rule version and when it was made. The table
 * header and the group heading are repeated after every page break.
 *
 * Font: DejaVu Sans Condensed (TrueType, from the `dejavu-fonts-ttf` package), embedded and
 * subset by pdfkit to the glyphs used, so Turkish, Polish, Croatian, Vietnamese, Greek and
 * Cyrillic names print as entered (the standard Helvetica only knows WinAnsi).
 */

const MARGIN = 40;
const FONT = 'Body';
const BOLD = 'Bold';
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The TTF files, read once per process (about 1.3 MB; pdfkit embeds only the glyphs used). */
function reportFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}
const TABLE_SIZE = 8;

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const OTHER_LETTER = /(?![\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}])\p{L}/u;
/**
 * Text options for one value (Arabic names lost the space between first and family
 * name, "الأحمدليلى"). pdfkit lays a line out word by word (split at each space) unless font
 * features are given, and fontkit turns each right-to-left word around on its own, so the space
 * after "ليلى" moved to the left of that word and the words stood in left-to-right order. Passing
 * features (the font's kerning, which the default layout applies anyway) makes pdfkit lay out the
 * whole line in one run, which fontkit shapes and orders right to left as one: "ليلى الأحمد" reads
 * right to left with its space. Only for values written in right-to-left scripts alone: a value
 * mixing scripts keeps the word-by-word layout (pdfkit has no bidi algorithm), where each word is
 * still shaped right.
 */
export function textOptions(value: string): { features?: ['kern'] } {
  return RTL_LETTER.test(value) && !OTHER_LETTER.test(value) ? { features: ['kern'] } : {};
}
const PAD = 3;

interface Column {
  key: 'child' | 'parent' | 'credit' | 'preference' | 'slot' | 'rank' | 'reason';
  width: number;
  align?: 'left' | 'right';
}
// Widths sum to the A4 content width (595.28 - 2 * 40).
const COLUMNS: Column[] = [
  { key: 'child', width: 90 },
  { key: 'parent', width: 86 },
  { key: 'credit', width: 48, align: 'right' },
  { key: 'preference', width: 58 },
  { key: 'slot', width: 32 },
  { key: 'rank', width: 28, align: 'right' },
  { key: 'reason', width: 173.28 },
];

export async function renderReportPdf(report: EventReport, lang: Language): Promise<Buffer> {
  const t = (key: MessageKeyIn<'results'>, vars?: Record<string, string | number>) => translate(lang, `results.${key}`, vars);
  const tz = report.event.timezone;
  const when = (iso: string) => formatDateTime(new Date(iso), tz);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t('report.title')} - ${report.event.kitaName}`, Author: report.event.kitaName },
  });
  const { regular, bold } = reportFonts();
  doc.registerFont(FONT, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14; // room for the page number

  // Title and summary.
  doc.font(BOLD).fontSize(16).text(t('report.title'), left, MARGIN, { width });
  doc.moveDown(0.3);
  const s = report.summary;
  const e = report.event;
  const facts: Array<[string, string]> = [
    [t('report.kita'), e.kitaName],
    [t('report.eventType'), `${t(`history.eventType.${e.eventType}`)} · ${t('report.category')}: ${e.category}`],
    // The care day(s) and the answer deadline, separately (docs/domain.md "Inquiries"), then the exact period.
    [t('report.careDays'), formatCarePeriod(lang, e.eventDate, e.expireDate, tz)],
    [t('report.responseDeadline'), formatDeadline(lang, e.responseDeadline, tz)],
    [t('report.eventDate'), when(e.eventDate)],
    [t('report.expireDate'), when(e.expireDate)],
    [t('report.status'), t(`report.statusValue.${s.status}`)],
    [t('report.slots'), String(s.totalSlots)],
    [t('report.children'), String(s.childrenCount)],
    [t('report.counts'), t('report.countsLine', s.counts)],
    [t('report.slotsGiven'), String(s.slotsGiven)],
    [t('report.overflow'), String(s.overflow)],
    [t('report.waitlist'), String(s.waitlistCount)],
  ];
  if (e.description) facts.push([t('report.description'), e.description]);
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(BOLD).text(`${label}:`, left, y, { width: 130 });
    doc.font(FONT).text(value, left + 130, y, { width: width - 130, ...textOptions(value) });
  }
  doc.moveDown(0.5);
  doc.font(FONT).fontSize(8).fillColor('#444444');
  if (s.status !== 'finished') doc.text(t('report.notFinished'), left, doc.y, { width });
  // The rule the event was closed with: version-1 events stay explained by version 1.
  doc.text(t(s.ruleVersion === 1 ? 'ruleV1' : 'rule'), left, doc.y, { width });
  doc.text(t('report.creditNote'), left, doc.y, { width });
  doc.fillColor('black').moveDown(0.8);

  // The table.
  const header = () => {
    const y = doc.y;
    doc.font(BOLD).fontSize(TABLE_SIZE);
    const h = Math.max(...COLUMNS.map((c) => doc.heightOfString(t(`report.columns.${c.key}`), { width: c.width - 2 * PAD }))) + 2 * PAD;
    doc.rect(left, y, width, h).fill('#e7e5e4').fillColor('black');
    let x = left;
    for (const c of COLUMNS) {
      doc.text(t(`report.columns.${c.key}`), x + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left' });
      x += c.width;
    }
    doc.x = left;
    doc.y = y + h;
  };
  const groupHeading = (text: string) => {
    const gy = doc.y + 4;
    doc.font(BOLD).fontSize(9).text(text, left + PAD, gy, { width: width - 2 * PAD });
    doc.y = gy + 13;
  };
  /** A new page when `h` does not fit; it repeats the table header and, inside a group, its heading. */
  const ensureRoom = (h: number, repeatHeader: boolean, groupName?: string) => {
    if (doc.y + h <= bottom()) return;
    doc.addPage();
    doc.y = MARGIN;
    if (repeatHeader) header();
    if (groupName !== undefined) groupHeading(t('report.groupContinued', { groupName }));
  };
  const cells = (r: ReportRow): Record<Column['key'], string> => ({
    child: r.childName,
    parent: r.parentName,
    credit: String(r.credit),
    preference: r.preferenceType ? t(`tier.${r.preferenceType}`) : t('tier.unanswered'),
    slot: r.hasSlot ? t(`slot.${r.hasSlot}`) : '-',
    rank: r.rank === null ? '-' : String(r.rank),
    reason: r.reasonText ?? '-',
  });

  header();
  if (report.groups.length === 0) {
    doc.font(FONT).fontSize(TABLE_SIZE).text(t('report.noRows'), left + PAD, doc.y + PAD, { width });
  }
  for (const group of report.groups) {
    // A group title never stands alone at the bottom of a page.
    ensureRoom(32, true);
    groupHeading(t('report.group', { groupName: group.groupName }));
    doc.font(FONT).fontSize(TABLE_SIZE);
    for (const row of group.rows) {
      const values = cells(row);
      const h = Math.max(...COLUMNS.map((c) => doc.heightOfString(values[c.key], { width: c.width - 2 * PAD, ...textOptions(values[c.key]) }))) + 2 * PAD;
      ensureRoom(h, true, group.groupName);
      doc.font(FONT).fontSize(TABLE_SIZE);
      const y = doc.y;
      let x = left;
      for (const c of COLUMNS) {
        doc.text(values[c.key], x + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left', ...textOptions(values[c.key]) });
        x += c.width;
      }
      doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.3).strokeColor('#d6d3d1').stroke();
      doc.x = left;
      doc.y = y + h;
    }
  }

  // Seed, rule version and generation time: enough to recompute the lottery by hand.
  ensureRoom(60, false);
  doc.moveDown(1);
  doc.fontSize(9);
  const closing: Array<[string, string]> = [
    [t('report.seed'), s.seed ?? t('report.seedHidden')],
    [t('report.seedHash'), s.seedHash],
    [t('report.ruleVersion'), String(s.ruleVersion)],
    [t('report.generatedAt'), when(report.generatedAt)],
  ];
  for (const [label, value] of closing) {
    const y = doc.y;
    doc.font(BOLD).text(`${label}:`, left, y, { width: 130 });
    doc.font(FONT).text(value, left + 130, y, { width: width - 130 });
  }

  // Page numbers; the bottom margin is lifted so the footer does not open a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor('#666666');
    doc.text(`${e.kitaName} · ${t('report.page', { page: `${i + 1}/${range.count}` })}`, left, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
