/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (Excel then reads umlauts right), `;` as the
 * separator (what German Excel expects), CRLF line ends, every cell quoted. A cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so `=HYPERLINK(…)` in a name opens as text (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';
}
