/** Minor units as a plain decimal a spreadsheet reads as a number: 1234 → "12.34", -5 → "-0.05". */
export function csvAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * One text field: a value a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe (OWASP CSV injection), and a value with a comma,
 * quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record: its fields joined by commas, ended by CRLF (RFC 4180). */
export function csvRow(fields: readonly string[]): string {
  return `${fields.join(",")}\r\n`;
}

/**
 * Reads CSV text into records of fields (RFC 4180): commas between fields, quoted fields may hold
 * commas, line breaks and doubled quotes, records end with CRLF or LF; a byte-order mark and a last
 * empty line are ignored. Answers null when a quote is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (quoted) return null;
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
