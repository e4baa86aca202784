import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { REVIEW_QUEUE_PAGE_SIZE, reviewQueue } from "../../../modules/orders/review/review-queue";
import { UK_PAYOUT_TIME_ZONE } from "../../../modules/payouts/cutoff";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { fraudReviewAction } from "../../admin/fraud-review.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { PageLinks } from "../../components/admin/ListControls";
import { formatPortalMoney, formatPortalTime } from "../../components/merchant/portal-format";
import type { Route } from "./+types/fraud-review";

export const meta = accountMeta("Fraud review");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const DECISION_LABELS = { HELD: "Waiting", APPROVED: "Approved", REJECTED: "Rejected" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/fraud-review");
  const params = new URL(request.url).searchParams;
  const status = params.get("status") === "decided" ? "DECIDED" : "HELD";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const queue = await reviewQueue(context.db, { status, page });
  const at = (date: Date | null) => (date ? formatPortalTime(date, UK_PAYOUT_TIME_ZONE) : "");
  const pageHref = (to: number) => `/admin/fraud-review?${new URLSearchParams({ ...(status === "DECIDED" ? { status: "decided" } : {}), page: String(to) })}`;
  return {
    csrfToken: context.session.csrfToken(),
    decided: status === "DECIDED",
    total: queue.total,
    previousHref: queue.page > 1 ? pageHref(queue.page - 1) : null,
    nextHref: queue.page < queue.pageCount ? pageHref(queue.page + 1) : null,
    reviews: queue.reviews.map(({ review, order, payment, lines }) => ({
      orderId: order.id,
      customerId: order.customerId,
      email: order.email,
      deliveredTo: [order.deliveryName, order.postcode].filter(Boolean).join(", "),
      total: formatPortalMoney(order.total + order.walletRefundableUsed + order.walletMarketingUsed, order.currency),
      paidWith: payment
        ? `${payment.method === "card" ? `${payment.cardType ?? "card"} ending ${payment.last4 ?? "?"}` : payment.method} (${payment.status})`
        : "wallet credit only",
      origin: `${review.clientIp ?? "address unknown"}${review.deviceId ? `, device ${review.deviceId}` : ""}`,
      heldAt: at(review.heldAt),
      status: DECISION_LABELS[review.status],
      decision: review.decidedAt ? `${DECISION_LABELS[review.status]} by ${review.decidedByName ?? "?"} on ${at(review.decidedAt)}: ${review.reason ?? ""}` : null,
      signals: review.signals.map((signal) => signal.detail),
      lines: lines.map((line) => `${line.quantity} × ${line.title}: ${formatPortalMoney(line.lineTotal, order.currency)}`),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/fraud-review");
  return fraudReviewAction(context, actor, await request.formData());
}

const BUTTON = "rounded px-4 py-2 font-bold text-white disabled:opacity-60";
const reasonId = (orderId: number) => `reason-${orderId}`;

export default function AdminFraudReview({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, decided, csrfToken } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message = useRef<HTMLDivElement>(null);
  // The answer takes the focus (a missing reason is the error summary's, which focuses itself).
  useEffect(() => {
    if (actionData && !actionData.fieldErrors) message.current?.focus();
  }, [actionData]);
  const reasonError = actionData?.fieldErrors?.reason;
  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">Fraud review</h1>
      <p className="mb-4 max-w-3xl">
        Orders held at checkout: their vouchers are not released and their payment is only authorised (for about a week) until you decide. Approve to release the vouchers and take
        the payment; reject to cancel the order, release the payment and tell the shopper.
      </p>
      <nav aria-label="Which orders" className="mb-4 flex gap-4">
        <a href="/admin/fraud-review" aria-current={decided ? undefined : "page"} className="font-bold text-brand-dark underline">
          Waiting for review
        </a>
        <a href="/admin/fraud-review?status=decided" aria-current={decided ? "page" : undefined} className="font-bold text-brand-dark underline">
          Decided
        </a>
      </nav>
      <div ref={message} tabIndex={-1} className="outline-none focus-visible:outline">
        {actionData && !actionData.fieldErrors && <AccountFormMessage success={actionData.success} error={actionData.formError} />}
      </div>
      {reasonError && actionData?.orderId !== undefined && (
        <ErrorSummary errors={[{ fieldId: reasonId(actionData.orderId), label: `Order ${actionData.orderId}`, message: reasonError }]} attempt={actionData} />
      )}
      <p className="mb-4" data-testid="fraud-review-summary">
        {decided
          ? `${loaderData.total} ${loaderData.total === 1 ? "order" : "orders"} decided, newest first.`
          : loaderData.total === 0
            ? "No orders are waiting for review."
            : `${loaderData.total} ${loaderData.total === 1 ? "order is" : "orders are"} waiting, oldest first${loaderData.total > REVIEW_QUEUE_PAGE_SIZE ? ` (${REVIEW_QUEUE_PAGE_SIZE} a page)` : ""}.`}
      </p>
      <ol className="space-y-4">
        {reviews.map((review) => (
          <li key={review.orderId}>
            <article aria-labelledby={`order-${review.orderId}`} className="max-w-3xl rounded-lg bg-white p-4 ring-1 ring-gray-200">
              <h2 id={`order-${review.orderId}`} className="mb-1 text-xl font-bold">
                {`Order ${review.orderId}: ${review.total}`}
              </h2>
              <p className="mb-2">
                {`Held on ${review.heldAt} · `}
                <a href={`/admin/customers/${review.customerId}`} className="font-bold text-brand-dark underline">
                  {review.email}
                </a>
                {review.deliveredTo && ` · ${review.deliveredTo}`}
              </p>
              <h3 className="font-bold">Why it was held</h3>
              <ul className="mb-2 list-disc pl-6">
                {review.signals.map((signal) => (
                  <li key={signal}>{signal}</li>
                ))}
              </ul>
              <dl className="mb-2 grid grid-cols-[max-content_1fr] gap-x-4">
                <dt className="font-bold">Paid with</dt>
                <dd>{review.paidWith}</dd>
                <dt className="font-bold">From</dt>
                <dd>{review.origin}</dd>
              </dl>
              <h3 className="font-bold">What was bought</h3>
              <ul className="mb-3 list-disc pl-6">
                {review.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {review.decision ? (
                <p className="font-bold">{review.decision}</p>
              ) : (
                <Form method="post" noValidate>
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="orderId" value={review.orderId} />
                  <label htmlFor={reasonId(review.orderId)} className="mb-1 block font-bold">
                    {`Your reason for order ${review.orderId}`}
                  </label>
                  {reasonError && actionData?.orderId === review.orderId && (
                    <p id={`${reasonId(review.orderId)}-error`} className="mb-1 font-bold text-red-700">
                      {reasonError}
                    </p>
                  )}
                  <textarea
                    id={reasonId(review.orderId)}
                    name="reason"
                    rows={2}
                    defaultValue={actionData?.orderId === review.orderId ? actionData.values?.reason : undefined}
                    aria-invalid={reasonError && actionData?.orderId === review.orderId ? true : undefined}
                    aria-describedby={reasonError && actionData?.orderId === review.orderId ? `${reasonId(review.orderId)}-error` : undefined}
                    className="mb-3 block w-full rounded border border-gray-500 p-2"
                  />
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" name="intent" value="approve" disabled={busy} className={`${BUTTON} bg-brand hover:bg-brand-dark`}>
                      {`Approve order ${review.orderId}`}
                    </button>
                    <button type="submit" name="intent" value="reject" disabled={busy} className={`${BUTTON} bg-red-700 hover:bg-red-800`}>
                      {`Reject order ${review.orderId}`}
                    </button>
                  </div>
                </Form>
              )}
            </article>
          </li>
        ))}
      </ol>
      <PageLinks previousHref={loaderData.previousHref} nextHref={loaderData.nextHref} />
    </section>
  );
}
