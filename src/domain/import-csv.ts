/**
 * A CSV file as an agency saves it (docs/decisions/0095-imports.md): UTF-8 with or without a BOM, `;`
 * (Excel in es-CL, the app's exports) or `,` separated, detected from the header row; fields may be
 * quoted with "" for a quote inside, and a quoted field may hold the separator or a line break.
 */

/** The separator of the header row: the one of `;` and `,` it holds more of outside quotes. */
export function csvSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** The rows of a CSV text, each its cells as text (a blank line is a row of one empty cell). */
export function parseCsvTable(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = csvSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
