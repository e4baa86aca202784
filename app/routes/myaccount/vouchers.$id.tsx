import { Link, data } from "react-router";
import { requestStayBooking } from "../../../modules/my-vouchers/book-stay";
import { shownError } from "../../../server/errors";
import { formText } from "../../accounts/page.server";
import { type BookDatesResult, VoucherBooking, VoucherStay } from "../../components/vouchers/VoucherStay";
import { parseRecordId } from "../../../lib/input";
import { findOrderProgress } from "../../../modules/delivery/order-progress";
import { offeredOptions, voucherDetail } from "../../../modules/my-vouchers/voucher-detail";
import { qrMatrix } from "../../../modules/vouchers/voucher-pdf";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { PageHeading } from "../../components/PageHeading";
import { GIFTED_CODE_TEXT, GiftBadge } from "../../components/vouchers/GiftBadge";
import { NeedHelp } from "../../components/vouchers/NeedHelp";
import { OrderProgress } from "../../components/vouchers/OrderProgress";
import { VoucherTimeline } from "../../components/vouchers/VoucherTimeline";
import { formatDate, formatDeadline, readyOnText, voucherRow } from "../../components/vouchers/voucher-format";
import type { Route } from "./+types/vouchers.$id";

export const meta = accountMeta("Your voucher");

/** The QR code as one SVG path (a square per dark module), drawn on the server. */
function qrPath(code: string): { size: number; path: string } {
  const matrix = qrMatrix(code);
  const path = matrix.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join("");
  return { size: matrix.length, path };
}

/**
 * One voucher: its status timeline, its code once available (QR and print link; not once the buyer
 * has given it), its gift state, Deal Protection, and "Need help?". Only its buyer and the holder of
 * a claimed gift see it; for anyone else it does not exist (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const voucherId = parseRecordId(params.id);
  const detail = voucherId === null ? null : await voucherDetail(context.db, { customerId: customer.id, voucherId, now: context.clock.now() });
  if (!detail) throw data("Page not found", { status: 404 });
  const refund = detail.options.refund;
  const travel = detail.travel;
  return {
    csrfToken: context.session.csrfToken(),
    stay: travel?.stay
      ? {
          ...travel.stay,
          flights: travel.stay.flights && {
            ...travel.stay.flights,
            outbound: travel.stay.flights.outbound && { ...travel.stay.flights.outbound, departsAt: travel.stay.flights.outbound.departsAt.toISOString(), arrivesAt: travel.stay.flights.outbound.arrivesAt.toISOString() },
            inbound: travel.stay.flights.inbound && { ...travel.stay.flights.inbound, departsAt: travel.stay.flights.inbound.departsAt.toISOString(), arrivesAt: travel.stay.flights.inbound.arrivesAt.toISOString() },
          },
        }
      : null,
    booking: travel && !travel.stay ? { booking: travel.booking, bookable: travel.bookable } : null,
    voucher: voucherRow(detail),
    progress: detail.physical ? await findOrderProgress(context.db, customer.id, detail.id) : null,
    statusCode: detail.statusCode,
    available: detail.available,
    qr: detail.code ? qrPath(detail.code) : null,
    protected: detail.protected,
    refundUntil: refund.allowed ? refund.until.toISOString() : null,
    timeZone: detail.timeZone,
    timeline: detail.timeline.map((step) => ({ status: step.status, text: step.text, at: step.at.toISOString() })),
    merchant: detail.merchant,
    options: offeredOptions(detail).map((option) =>
      option.allowed
        ? { kind: option.kind, allowed: true, until: option.until.toISOString(), reason: null, href: option.href }
        : { kind: option.kind, allowed: false, until: null, reason: option.reason, href: null },
    ),
  };
}

/** Booking calendar on redemption: the holder asks for dates ("book-dates"); the merchant answers on the portal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const voucherId = parseRecordId(params.id);
  if (voucherId === null) throw data("Page not found", { status: 404 });
  const form = await request.formData();
  const values = { checkIn: formText(form, "checkIn"), checkOut: formText(form, "checkOut") };
  if (formText(form, "intent") !== "book-dates") return data<BookDatesResult>({ values, formError: "Unsupported action" }, { status: 400 });
  try {
    await requestStayBooking(context.db, { customerId: customer.id, voucherId, checkIn: values.checkIn, checkOut: values.checkOut, now: context.clock.now() });
    return data<BookDatesResult>({ requested: true });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "VOUCHER_NOT_FOUND") throw data("Page not found", { status: 404 });
    const fieldErrors =
      shown.code === "DATES_REQUIRED" || shown.code === "ARRIVAL_REQUIRED" || shown.code === "OUTSIDE_VOUCHER"
        ? { checkIn: shown.message }
        : shown.code === "CHECK_OUT_REQUIRED"
          ? { checkOut: shown.message }
          : undefined;
    return data<BookDatesResult>(fieldErrors ? { values, fieldErrors } : { values, formError: shown.message }, { status: shown.status });
  }
}

export default function VoucherPage({ loaderData, actionData }: Route.ComponentProps) {
  const { voucher, timeZone, qr } = loaderData;
  const credit = loaderData.options.find((option) => option.kind === "credit");
  const expired = loaderData.statusCode === "EXPIRED";
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/myaccount/vouchers" className="text-brand-dark underline">
          Back to My Vouchers
        </Link>
      </p>
      <section aria-labelledby="voucher-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <PageHeading>
          <span id="voucher-heading">{voucher.dealTitle}</span>
        </PageHeading>
        <p>{voucher.productName}</p>
        <p className="text-gray-700">{voucher.merchantName}</p>
        <p className="mt-2" data-testid="voucher-status">
          <span className="font-bold">{voucher.status}</span> · {expired ? "Expired" : "Expires"}{" "}
          <time dateTime={voucher.expiresAt}>{formatDate(voucher.expiresAt, timeZone)}</time>
        </p>
        {voucher.cancelledReason && (
          <p className="mt-2" data-testid="gift-cancelled">
            {voucher.cancelledReason}
          </p>
        )}
        <div className="mt-2">
          <GiftBadge voucher={voucher} />
        </div>
        {expired && credit?.allowed && credit.until && (
          <p className="mt-2">
            This voucher has expired, but you can still exchange what you paid for wallet credit until {formatDeadline(credit.until, timeZone)}.
          </p>
        )}
        {loaderData.protected && (
          <p className="mt-2" data-testid="deal-protection">
            <span className="font-bold">Deal Protection</span> is included
            {loaderData.refundUntil ? `: you can ask for a refund until ${formatDeadline(loaderData.refundUntil, timeZone)}.` : "."}
          </p>
        )}
        <div className="mt-4 rounded border border-gray-300 p-4">
          {voucher.code && qr ? (
            <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
              <svg viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`} width="144" height="144" role="img" aria-label={`QR code of voucher ${voucher.code}`} className="bg-white">
                <path d={qr.path} fill="#000" />
              </svg>
              <div>
                <p>
                  Voucher code: <span className="font-mono text-xl font-bold">{voucher.code}</span>
                </p>
                <a
                  href={`/deal/print-voucher?voucherId=${voucher.id}`}
                  className="mt-2 inline-block rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50"
                  aria-label={`Print voucher ${voucher.code} (PDF)`}
                >
                  Print voucher (PDF)
                </a>
              </div>
            </div>
          ) : voucher.gift?.state === "GIFTED" ? (
            <p data-testid="voucher-gifted">{GIFTED_CODE_TEXT}</p>
          ) : (
            <p data-testid="voucher-ready-on">{readyOnText(voucher.availableAt, timeZone)}</p>
          )}
        </div>
      </section>
      {loaderData.stay && <VoucherStay stay={loaderData.stay} timeZone={timeZone} />}
      {loaderData.booking && <VoucherBooking booking={loaderData.booking.booking} bookable={loaderData.booking.bookable} csrfToken={loaderData.csrfToken} result={actionData} />}
      {loaderData.progress && <OrderProgress progress={loaderData.progress} />}
      <VoucherTimeline steps={loaderData.timeline} timeZone={timeZone} />
      <NeedHelp merchant={loaderData.merchant} options={loaderData.options} timeZone={timeZone} />
    </div>
  );
}
