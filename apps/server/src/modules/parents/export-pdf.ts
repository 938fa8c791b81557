import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { translate, type MessageKeyIn } from '@kita/shared/i18n';
import { formatDateTime, type FamilyExport, type Language } from '@kita/shared';

/**
 * The family's data as a readable A4 PDF (the same content as the JSON download, in the caller's
 * language): one section per category, label and value per line. Same library and font as the
 * inquiry report (pdfkit with DejaVu Sans Condensed embedded, so names in any Latin, Greek or
 * Cyrillic script print as entered); the document is tagged with its language and title.
 */
const MARGIN = 40;
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function pdfFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

export async function renderFamilyPdf(data: FamilyExport, lang: Language, timeZone: string): Promise<Buffer> {
  const t = (key: MessageKeyIn<'mydata'>, vars?: Record<string, string | number>) => translate(lang, `mydata.${key}`, vars);
  const f = (key: MessageKeyIn<'mydata'> & `pdf.fields.${string}`) => t(key);
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : '–');
  const yesNo = (b: boolean | null) => (b === null ? '–' : b ? t('pdf.yes') : t('pdf.no'));
  const title = t('pdf.title', { name: data.profile.name });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, lang, displayTitle: true, info: { Title: title, Author: data.profile.kita.name } });
  const { regular, bold } = pdfFonts();
  doc.registerFont('Body', regular);
  doc.registerFont('Bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font('Bold').fontSize(12).fillColor('#000000').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
    doc.font('Body').fontSize(9);
  };
  const line = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Bold').fontSize(9).text(`${label}:`, MARGIN, y, { width: 140 });
    const after = doc.y;
    doc.font('Body').fontSize(9).text(value || '–', MARGIN + 140, y, { width: width - 140 });
    doc.y = Math.max(doc.y, after);
  };
  const item = (text: string) => doc.font('Body').fontSize(9).text(`• ${text}`, MARGIN, doc.y, { width });
  const none = () => item(t('pdf.none'));

  doc.font('Bold').fontSize(16).text(title, MARGIN, MARGIN, { width });
  doc.font('Body').fontSize(9).fillColor('#444444').text(t('pdf.exportedAt', { date: when(data.exportedAt) }));
  doc.fillColor('#000000');

  const p = data.profile;
  heading(t('pdf.profile'));
  line(f('pdf.fields.name'), p.name);
  line(f('pdf.fields.email'), p.email ?? '');
  line(f('pdf.fields.secondaryEmail'), p.secondaryEmail ?? '');
  line(f('pdf.fields.primaryPhone'), p.primaryPhone ?? '');
  line(f('pdf.fields.secondaryPhone'), p.secondaryPhone ?? '');
  line(f('pdf.fields.preferredCommunication'), p.preferredCommunication ?? '');
  line(f('pdf.fields.language'), p.language);
  line(f('pdf.fields.status'), p.status);
  line(f('pdf.fields.kita'), `${p.kita.name}, ${p.kita.location}`);
  line(f('pdf.fields.createdAt'), when(p.createdAt));

  heading(t('pdf.children'));
  if (data.children.length === 0) none();
  for (const c of data.children) item(`${c.name} · ${f('pdf.fields.dateOfBirth')} ${c.dateOfBirth} · ${f('pdf.fields.group')} ${c.group} (${c.category})`);

  heading(t('pdf.inquiries'));
  if (data.inquiries.length === 0) none();
  for (const inq of data.inquiries) {
    doc.font('Bold').fontSize(9).text(`${when(inq.careStartsAt)} – ${when(inq.careEndsAt)} · ${inq.category} · ${inq.status}`, MARGIN, doc.y, { width });
    for (const c of inq.children) {
      const parts = [
        c.childName,
        `${f('pdf.fields.answer')}: ${c.answer ?? '–'}`,
        `${f('pdf.fields.place')}: ${yesNo(c.place)}`,
        c.rank !== null ? `${f('pdf.fields.rank')}: ${c.rank}` : null,
        c.waitlistPosition !== null ? `${f('pdf.fields.waitlist')}: ${c.waitlistPosition}` : null,
        c.reason ? `${f('pdf.fields.reason')}: ${JSON.stringify(c.reason)}` : null,
      ].filter(Boolean);
      item(parts.join(' · '));
    }
  }

  heading(t('pdf.credits'));
  doc.text(t('pdf.balance', { balance: data.credits.balance }), MARGIN, doc.y, { width });
  for (const l of data.credits.ledger) item(`${when(l.at)} · ${l.amount > 0 ? '+' : ''}${l.amount} · ${l.reason}`);

  heading(t('pdf.messages'));
  if (data.messages.length === 0) none();
  for (const m of data.messages) item(`${when(m.createdAt)} · ${m.kind} · ${m.channel} (${m.recipient}) · ${m.status}${m.deliveryStatus ? ` / ${m.deliveryStatus}` : ''}`);

  heading(t('pdf.consents'));
  const c = data.consents;
  line(f('pdf.fields.preferredCommunication'), c.preferredCommunication ?? '');
  line(f('pdf.fields.language'), c.language);
  line(f('pdf.fields.emailVerified'), yesNo(c.emailVerified));
  line(f('pdf.fields.primaryPhoneVerified'), yesNo(c.primaryPhoneVerified));
  line(f('pdf.fields.selfRegistered'), yesNo(c.selfRegistered));

  heading(t('pdf.logins'));
  const a = data.logins.account;
  if (a) {
    line(f('pdf.fields.account'), [a.email, a.phoneNumber].filter(Boolean).join(', '));
    line(f('pdf.fields.hasPassword'), yesNo(a.hasPassword));
    line(f('pdf.fields.createdAt'), when(a.createdAt));
  }
  for (const s of data.logins.sessions) item(`${f('pdf.fields.session')} (${s.kind}) ${when(s.createdAt)} – ${when(s.revokedAt ?? s.expiresAt)}`);

  heading(t('pdf.history'));
  if (data.recordHistory.length === 0) none();
  for (const h of data.recordHistory) item(`${when(h.at)} · ${h.entity} · ${h.action} · ${h.actorRole ?? '–'}`);

  heading(t('pdf.priority'));
  if (data.priority.length === 0) none();
  for (const c of data.priority) {
    const whom = c.childName ?? t('pdf.wholeFamily');
    item(`${c.group} · ${whom} · ${t('pdf.validUntil', { date: c.validUntil })}${c.endedAt ? ` · ${t('pdf.ended', { date: when(c.endedAt) })}` : ''}${c.note ? ` · ${c.note}` : ''}`);
  }

  heading(t('pdf.devices'));
  if (data.devices.length === 0) none();
  for (const d of data.devices) item(`${d.label} · ${when(d.createdAt)}${d.lastUsedAt ? ` · ${t('pdf.lastUsed', { date: when(d.lastUsedAt) })}` : ''}`);

  heading(t('pdf.erasure'));
  if (data.erasureRequests.length === 0) none();
  for (const e of data.erasureRequests) item(`${when(e.requestedAt)} → ${when(e.dueAt)}${e.doneAt ? ` · ${when(e.doneAt)}` : ''}`);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The number sits in the bottom margin: without this pdfkit would open a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('Body').fontSize(8).fillColor('#666666').text(`${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
