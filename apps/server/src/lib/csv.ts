/**
 * CSV files for spreadsheets (the inquiry's answer table, the parents list).
 *
 * - UTF-8 with a byte-order mark, so Excel opens umlauts and other scripts as written.
 * - RFC 4180: records end with CRLF; a field that holds the separator, a quote, CR or LF is
 *   quoted, and quotes inside it are doubled.
 * - The separator follows the reader's language: `;` in German (Excel with German regional
 *   settings splits only at semicolons), `,` in English.
 * - Formula injection: a text cell that starts with = + - @ tab or CR would be run as a formula by
 *   Excel and LibreOffice (`=HYPERLINK(...)` in a child's name). Such a cell gets a leading
 *   apostrophe, which both show as text. Numbers we computed ourselves (credits, ranks) stay
 *   numbers: a number cannot carry a formula, and `-2` must sum like a number.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvSeparator(lang: string): ';' | ',' {
  return lang === 'de' ? ';' : ',';
}

function field(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : guardCell(cell);
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, header row, one record per row, CRLF after every record. */
export function toCsv(header: string[], rows: CsvCell[][], separator: ';' | ','): Buffer {
  const lines = [header, ...rows].map((r) => r.map(field).join(separator) + '\r\n');
  return Buffer.from('\uFEFF' + lines.join(''), 'utf8');
}

/**
 * A Content-Disposition value for a download named after a Kita: an ASCII fallback (umlauts
 * spelled out, anything else `_`) and the exact UTF-8 name (RFC 6266 `filename*`).
 */
export function attachment(fileName: string): string {
  const ascii = fileName
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue').replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A Kita's name as part of a file name: no path separators, quotes or control characters. */
export function fileNamePart(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'Kita';
}
