import type { UtmAttribution } from "../../../lib/attribution";
import { useFetcher } from "react-router";
import { useVisitorSession } from "../../visitor-session";
import { CsrfField } from "../CsrfField";

/** What a stay puts in the basket: the add-to-basket form's fields, travel ones included. */
export interface StayBasketFields extends UtmAttribution {
  dealId: number;
  productId: number | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number;
  outboundFlightId: number | null;
  inboundFlightId: number | null;
  leadInProductId: number | null;
}

/** The form fields, in the names the basket's form takes (absent when unknown). */
export function basketFieldEntries(fields: StayBasketFields): [string, string][] {
  const entries: [string, string | number | null][] = [
    ["dealId", fields.dealId],
    ["productId", fields.productId],
    ["quantity", 1],
    ["checkInDate", fields.checkInDate],
    ["checkOutDate", fields.checkOutDate],
    ["guests", fields.guests],
    ["outboundFlightId", fields.outboundFlightId],
    ["inboundFlightId", fields.inboundFlightId],
    ["leadInProductId", fields.leadInProductId],
    ["utmMedium", fields.utmMedium],
    ["utmSource", fields.utmSource],
  ];
  return entries.filter((entry): entry is [string, string | number] => entry[1] !== null).map(([name, value]) => [name, String(value)]);
}

const BUTTON = "w-full rounded bg-brand px-5 py-3 text-lg font-bold text-white hover:bg-brand-dark disabled:opacity-70";

/**
 * "Buy now" for a stay: posts the basket fields to /checkout like the deal page's Buy now (with
 * the visitor's CSRF token once the session is known; before that a GET that asks once more).
 * `onSubmit` checks the stay first and cancels the post when something is missing.
 */
export function BookStayForm({ fields, busyText, onSubmit }: { fields: StayBasketFields; busyText?: string; onSubmit: (event: React.FormEvent) => void }) {
  const session = useVisitorSession();
  const fetcher = useFetcher<{ error?: string }>();
  const hidden = basketFieldEntries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (!session) {
    return (
      <form method="get" action="/checkout" onSubmit={onSubmit}>
        {hidden}
        <button type="submit" className={BUTTON}>
          Buy now
        </button>
      </form>
    );
  }
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form method="post" action="/checkout" className="flex flex-col gap-2" onSubmit={onSubmit}>
      <CsrfField token={session.csrfToken} />
      {hidden}
      <button type="submit" disabled={busy} className={BUTTON}>
        {busy ? (busyText ?? "Adding to basket…") : "Buy now"}
      </button>
      {error && (
        <p role="alert" className="font-bold text-alert">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
