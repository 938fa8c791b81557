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
 *
 * Tagged for screen readers (PDF/UA-style, checked with poppler's `pdfinfo -struct` in
 * report.test.ts): the document language, a structure tree in reading order (Document > H1, P for
 * the facts and notes, Table > THead > TR > TH with Scope Column, TBody > TR > TH for a group's
 * heading and TD for the cells), and everything that is only layout (the table's background and
 * lines, the header and group heading repeated after a page break, page numbers) marked as an
 * artifact, so a reader announces each header and each child once.
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
/** The document language as a BCP 47 tag for /Lang (a screen reader picks its voice by it). */
const PDF_LANG: Partial<Record<Language, string>> = { de: 'de-DE', en: 'en' };
type Struct = PDFKit.PDFStructureElement;
/**
 * The element's dictionary, for the table attributes (/A: Scope, ColSpan) that pdfkit's struct()
 * does not take as options; its type declarations do not name the dictionary pdfkit keeps there.
 */
const attributes = (el: Struct) => (el as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data;

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
    // Tagged PDF: a structure tree, the language, and the title shown instead of the file name.
    tagged: true,
    lang: PDF_LANG[lang] ?? lang,
    displayTitle: true,
    pdfVersion: '1.7',
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

  const root = doc.struct('Document');
  doc.addStructure(root);
  /** One structure element of `type` under `parent` whose content is what `draw` paints (drawn at once). */
  const tagged = (parent: Struct, type: string, ...draw: Array<() => void>): Struct => {
    const el = doc.struct(type, {}, draw);
    parent.add(el);
    return el;
  };
  /** Layout only (lines, backgrounds, repeated headers, page numbers): no screen reader reads it. */
  const artifact = (draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') => {
    doc.markContent('Artifact', { type });
    draw();
    doc.endMarkedContent();
  };

  // Title and summary.
  tagged(root, 'H1', () => doc.font(BOLD).fontSize(16).text(t('report.title'), left, MARGIN, { width }));
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
  /** A label and its value side by side, read as one paragraph ("Kita: Kita Sonnenschein"). */
  const fact = (label: string, value: string, options: Record<string, unknown> = {}) => {
    const y = doc.y;
    tagged(
      root,
      'P',
      () => doc.font(BOLD).text(`${label}:`, left, y, { width: 130 }),
      () => doc.font(FONT).text(value, left + 130, y, { width: width - 130, ...options }),
    );
  };
  for (const [label, value] of facts) fact(label, value, textOptions(value));
  doc.moveDown(0.5);
  doc.font(FONT).fontSize(8).fillColor('#444444');
  const note = (text: string) => tagged(root, 'P', () => doc.text(text, left, doc.y, { width }));
  if (s.status !== 'finished') note(t('report.notFinished'));
  // The rule the event was closed with: version-1 events stay explained by version 1.
  note(t(s.ruleVersion === 1 ? 'ruleV1' : 'rule'));
  note(t('report.creditNote'));
  doc.fillColor('black').moveDown(0.8);

  // The table.
  const table = doc.struct('Table');
  root.add(table);
  const thead = doc.struct('THead');
  table.add(thead);
  const tbody = doc.struct('TBody');
  /** A header cell (TH) with its scope, so a reader announces it with each cell of its column or row. */
  const th = (parent: Struct, scope: 'Column' | 'Row', draw: () => void, colSpan?: number) => {
    const el = doc.struct('TH', {}, [draw]);
    attributes(el).A = { O: 'Table', Scope: scope, ...(colSpan ? { ColSpan: colSpan } : {}) };
    parent.add(el);
  };
  /** The column headers: tagged the first time, an artifact when repeated after a page break. */
  let headerRow: Struct | undefined = doc.struct('TR');
  const header = () => {
    const y = doc.y;
    doc.font(BOLD).fontSize(TABLE_SIZE);
    const h = Math.max(...COLUMNS.map((c) => doc.heightOfString(t(`report.columns.${c.key}`), { width: c.width - 2 * PAD }))) + 2 * PAD;
    artifact(() => doc.rect(left, y, width, h).fill('#e7e5e4').fillColor('black'));
    let x = left;
    for (const c of COLUMNS) {
      const cx = x;
      const draw = () => doc.text(t(`report.columns.${c.key}`), cx + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left' });
      if (headerRow) th(headerRow, 'Column', draw);
      else artifact(draw);
      x += c.width;
    }
    if (headerRow) {
      thead.add(headerRow);
      headerRow.end();
      thead.end();
      table.add(tbody);
      headerRow = undefined;
    }
    doc.x = left;
    doc.y = y + h;
  };
  const groupHeading = (text: string, continued: boolean) => {
    const gy = doc.y + 4;
    const draw = () => doc.font(BOLD).fontSize(9).text(text, left + PAD, gy, { width: width - 2 * PAD });
    if (continued) artifact(draw);
    else {
      const row = doc.struct('TR');
      tbody.add(row);
      th(row, 'Row', draw, COLUMNS.length);
      row.end();
    }
    doc.y = gy + 13;
  };
  /** A new page when `h` does not fit; it repeats the table header and, inside a group, its heading. */
  const ensureRoom = (h: number, repeatHeader: boolean, groupName?: string) => {
    if (doc.y + h <= bottom()) return;
    doc.addPage();
    doc.y = MARGIN;
    if (repeatHeader) header();
    if (groupName !== undefined) groupHeading(t('report.groupContinued', { groupName }), true);
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
    const row = doc.struct('TR');
    tbody.add(row);
    const cell = doc.struct('TD', {}, [() => doc.font(FONT).fontSize(TABLE_SIZE).text(t('report.noRows'), left + PAD, doc.y + PAD, { width })]);
    attributes(cell).A = { O: 'Table', ColSpan: COLUMNS.length };
    row.add(cell);
    row.end();
  }
  for (const group of report.groups) {
    // A group title never stands alone at the bottom of a page.
    ensureRoom(32, true);
    groupHeading(t('report.group', { groupName: group.groupName }), false);
    doc.font(FONT).fontSize(TABLE_SIZE);
    for (const row of group.rows) {
      const values = cells(row);
      const h = Math.max(...COLUMNS.map((c) => doc.heightOfString(values[c.key], { width: c.width - 2 * PAD, ...textOptions(values[c.key]) }))) + 2 * PAD;
      ensureRoom(h, true, group.groupName);
      doc.font(FONT).fontSize(TABLE_SIZE);
      const y = doc.y;
      let x = left;
      const tr = doc.struct('TR');
      tbody.add(tr);
      for (const c of COLUMNS) {
        const cx = x;
        tagged(tr, 'TD', () => doc.text(values[c.key], cx + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left', ...textOptions(values[c.key]) }));
        x += c.width;
      }
      tr.end();
      artifact(() => doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.3).strokeColor('#d6d3d1').stroke());
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
  tbody.end();
  table.end();
  for (const [label, value] of closing) fact(label, value);

  // Page numbers; the bottom margin is lifted so the footer does not open a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor('#666666');
    artifact(
      () => doc.text(`${e.kitaName} · ${t('report.page', { page: `${i + 1}/${range.count}` })}`, left, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false }),
      'Pagination',
    );
  }
  root.end();
  doc.end();
  return done;
}
