/**
 * RFC 4180 read back: what a spreadsheet sees in each cell (quotes removed, doubled quotes single).
 * The reader of the CSV exports' tests (the server's and the browser's), so both check the files
 * with the same rules; the product itself only writes CSV (apps/server/src/lib/csv.ts).
 */
export function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) throw new Error(`the last record does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

/** Whether the bytes start with the UTF-8 byte-order mark. */
export function hasUtf8Bom(raw: Uint8Array): boolean {
  return raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf;
}

/** The cells of a CSV download after its UTF-8 byte-order mark (which must be there). */
export function csvRows(raw: Uint8Array, sep: string): string[][] {
  if (!hasUtf8Bom(raw)) throw new Error('no UTF-8 byte-order mark');
  return parseCsv(new TextDecoder().decode(raw.subarray(3)), sep);
}
