const UK_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day in the UK (and Ireland, same clock) at `instant`, as YYYY-MM-DD. */
export function ukDay(instant: Date): string {
  return UK_DATE.format(instant);
}
