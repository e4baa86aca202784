/** `part` of `whole` as a percentage in whole tenths, rounded half up in integers (2 of 3 is 667, i.e. 66.7%); null of nothing. */
export function percentTenths(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.floor((part * 2000 + whole) / (2 * whole));
}

/** Whole tenths written with their one decimal (667 is "66.7"), without going through a fraction. */
export function tenthsText(tenths: number): string {
  const sign = tenths < 0 ? "-" : "";
  const size = Math.abs(Math.trunc(tenths));
  return `${sign}${Math.floor(size / 10)}.${size % 10}`;
}
