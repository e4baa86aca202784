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
