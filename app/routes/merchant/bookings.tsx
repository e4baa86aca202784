import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { confirmBooking, declineBooking, listMerchantBookings } from "../../../modules/travel/booking-requests";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { formatPortalTime } from "../../components/merchant/portal-format";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { Pagination } from "../../components/Pagination";
import { formatStayDay } from "../../components/vouchers/VoucherStay";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/bookings";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Booking requests");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const page = Math.min(Number(new URL(request.url).searchParams.get("page")) || 1, 10_000);
  const listed = await listMerchantBookings(context.db, merchant.user.merchantId, page);
  return {
    ...listed,
    bookings: listed.bookings.map((booking) => ({ ...booking, requestedAt: booking.requestedAt.toISOString(), decidedAt: booking.decidedAt?.toISOString() ?? null })),
    csrfToken: context.session.csrfToken(),
    timeZone: portalTimeZone(context),
  };
}

const ANSWERED = {
  confirm: "Confirmed. The voucher is Booked: please send the travel documents within 3 working days.",
  decline: "Declined. The nights are back on sale and the guest can choose other dates.",
} as const;

/** Confirms or declines a stay a voucher holder asked for (booking calendar on redemption). */
export async function action({ request, context }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  const form = await request.formData();
  const bookingId = parseRecordId(formText(form, "bookingId"));
  const intent = formText(form, "intent");
  if (bookingId === null || (intent !== "confirm" && intent !== "decline")) return data({ success: null, error: "Unsupported action" }, { status: 400 });
  const decision = { bookingId, merchantId: merchant.user.merchantId, merchantUserId: merchant.user.id, at: context.clock.now(), linkOrigin: context.brandOrigin };
  try {
    if (intent === "confirm") await confirmBooking(context.db, decision);
    else await declineBooking(context.db, decision);
    return data({ success: ANSWERED[intent], error: null });
  } catch (error) {
    const shown = shownError(error);
    return data({ success: null, error: shown.message }, { status: shown.status });
  }
}

export default function MerchantBookings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const outcome = useRef<HTMLDivElement>(null);
  useFocusOnChange(outcome, actionData);
  const { timeZone } = loaderData;
  return (
    <section aria-labelledby="bookings-heading">
      <h1 id="bookings-heading" className="mb-2 text-2xl font-bold">
        Booking requests
      </h1>
      <p className="mb-4">
        Guests with a voucher ask for their dates here. Confirm to mark the voucher Booked (send the travel documents within 3 working days), or decline so they can
        choose other dates. {loaderData.waiting === 1 ? "1 request is waiting." : `${loaderData.waiting} requests are waiting.`}
      </p>
      {actionData && (
        <div ref={outcome} tabIndex={-1} className="max-w-xl outline-none focus-visible:ring-2 focus-visible:ring-brand">
          <AccountFormMessage success={actionData.success ?? undefined} error={actionData.error ?? undefined} />
        </div>
      )}
      {loaderData.bookings.length === 0 ? (
        <p>No booking requests yet.</p>
      ) : (
        <DataTable look="portal" caption="Booking requests, waiting ones first" columns={["Voucher", "Stay", "Guests", "Requested", "Status", "Answer"]}>
          {loaderData.bookings.map((booking) => (
            <tr key={booking.id} className="border-b border-gray-200 align-top" data-testid="booking-request">
              <td className="p-2">
                <span className="font-mono">{booking.voucherCode}</span>
                <br />
                {booking.dealTitle}, {booking.productName}
              </td>
              <td className="p-2">
                {formatStayDay(booking.checkInDate)} to {formatStayDay(booking.checkOutDate)} ({booking.nights} {booking.nights === 1 ? "night" : "nights"})
              </td>
              <td className="p-2">{booking.guests}</td>
              <td className="p-2">{formatPortalTime(booking.requestedAt, timeZone)}</td>
              <td className="p-2">{booking.statusText}</td>
              <td className="p-2">
                {booking.status === "REQUESTED" ? (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <CsrfField token={loaderData.csrfToken} />
                    <input type="hidden" name="bookingId" value={booking.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="confirm"
                      disabled={busy}
                      aria-label={`Confirm the stay of voucher ${booking.voucherCode}`}
                      className="rounded bg-brand px-3 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70"
                    >
                      Confirm
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="decline"
                      disabled={busy}
                      aria-label={`Decline the stay of voucher ${booking.voucherCode}`}
                      className="rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50 disabled:opacity-70"
                    >
                      Decline
                    </button>
                  </Form>
                ) : (
                  "–"
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination basePath="/merchant/bookings" page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}
