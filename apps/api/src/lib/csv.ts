/**
 * CSV for the console's exports and the bank's result files (RFC 4180: comma, double quotes,
 * CRLF or LF). Cells written here are guarded against spreadsheet formulas.
 */

/** Invisible characters a spreadsheet may drop before it reads a cell: format (Cf), control, separators, whitespace. */
const INVISIBLE_START = /^[\p{Cf}\p{Cc}\p{Z}\s]+/u;

/**
 * Whether a spreadsheet could read the cell as a formula: it starts with =, +, - or @ once
 * lookalikes are folded (NFKC: fullwidth ＝, small ﹦ …) and leading invisible characters (a
 * zero-width space, a BOM, bidi marks, spaces) are dropped; or with a tab or carriage return.
 */
function startsFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  return /^[=+\-@]/.test(text.normalize('NFKC').replace(INVISIBLE_START, ''));
}

/**
 * One cell: quoted when it must be; one that could start a formula (startsFormula) is prefixed
 * with ' so no spreadsheet runs it. The text itself is kept as it was, lookalikes included.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = startsFormula(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | number | boolean | null)[]): string {
  return values.map(csvCell).join(',');
}

/** The rows of a CSV text (quoted cells may hold commas, quotes and line breaks); null when it is malformed. */
export function parseCsv(text: string, maxRows: number, delimiter = ','): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    cell = '';
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === '"') return null;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (char === '\n' || char === '\r') endRow();
    else cell += char;
    i += 1;
    if (rows.length > maxRows) return null;
  }
  if (quoted) return null;
  if (cell !== '' || row.length > 0) endRow();
  return rows.length > maxRows ? null : rows;
}
