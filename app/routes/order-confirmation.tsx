import { deliveryChoiceText } from "../../modules/catalog/rules/delivery-options";
import { data } from "react-router";
import { parseRecordId } from "../../lib/input";
import { formatMoney } from "../../lib/money";
import { orderGiftCards } from "../../modules/gift-cards/buyer-gift-cards";
import { myOrderVouchers } from "../../modules/my-vouchers/my-vouchers";
import { findCustomerOrder } from "../../modules/orders/find-orders";
import { orderReviewOf } from "../../modules/orders/review/review-queue";
import { PAYMENT_METHOD_NAMES } from "../../modules/payments/method-availability";
import { orderVipYear } from "../../modules/vip/order-vip-year";
import { vipDate } from "../../modules/vip/vip-terms";
import { requireCustomer } from "../../server/accounts/redirects";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { giftSummary } from "../components/checkout/GiftOptions";
import { BoughtGiftCards } from "../components/checkout/BoughtGiftCards";
import { VoucherList } from "../components/vouchers/VoucherList";
import { voucherRow } from "../components/vouchers/voucher-format";
import { VipYearNotice } from "../components/vip/VipYearNotice";
import type { Route } from "./+types/order-confirmation";
import { titleMeta } from "../seo";

export function meta({ matches }: Route.MetaArgs) {
  return titleMeta("Thank you for your order", matches);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The order confirmation: only its owner sees it; for anyone else the order does not exist. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const orderId = parseRecordId(params.orderId);
  const found = orderId === null ? null : await findCustomerOrder(context.db, customer.id, orderId);
  if (!found) throw data("Page not found", { status: 404 });
  const { order, lines } = found;
  const giftCards = await orderGiftCards(context.db, customer.id, order.id);
  const vouchers = await myOrderVouchers(context.db, { customerId: customer.id, orderId: order.id, now: context.clock.now() });
  const vipYear = await orderVipYear(context.db, customer.id, order.id);
  const review = await orderReviewOf(context.db, order.id);
  return {
    /** Held for fraud review, or rejected by it; null once approved or never held. */
    review: review?.status === "HELD" || review?.status === "REJECTED" ? review.status : null,
    order: {
      id: order.id,
      currency: order.currency,
      total: order.total,
      discount: order.discount,
      walletAmountUsed: order.walletAmountUsed,
      paidBy: order.cardType ?? PAYMENT_METHOD_NAMES[order.paymentMethod],
      quantity: order.quantity,
      email: order.email,
    },
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      title: line.title,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      gifting: line.gifting,
      delivery: line.deliveryOption && deliveryChoiceText(line.deliveryOption),
    })),
    vouchers: vouchers.map(voucherRow),
    giftCards: giftCards.map((card) => ({ ...card, expiresAt: card.expiresAt.toISOString() })),
    vipYear: vipYear && { endsOn: vipDate(new Date(vipYear.periodEnd), context.brand.id), renews: vipYear.renews, price: formatMoney(vipYear.price, vipYear.currency) },
  };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, lines, vouchers, giftCards, vipYear, review } = loaderData;
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        {review === "HELD" ? (
          <>
            <h1 className="mb-2 text-3xl font-bold">We&apos;re checking your order</h1>
            <p className="mb-4">
              {`Thank you! We check some orders before releasing the vouchers, to keep payments safe. Your payment is authorised but not taken yet. We'll email ${order.email} as soon as we're done, usually within one working day.`}
            </p>
          </>
        ) : review === "REJECTED" ? (
          <>
            <h1 className="mb-2 text-3xl font-bold">Order cancelled</h1>
            <p className="mb-4">We couldn&apos;t accept this order after checking it. The payment we authorised has been released, so you have not been charged.</p>
          </>
        ) : (
          <>
            <h1 className="mb-2 text-3xl font-bold">Purchase successful</h1>
            <p className="mb-4">
              Thank you! We've emailed your vouchers to <span className="font-bold">{order.email}</span>.
            </p>
          </>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-bold">Order number</dt>
          <dd data-testid="order-id">{order.id}</dd>
          <dt className="font-bold">Items</dt>
          <dd>{order.quantity}</dd>
          {order.discount > 0 && (
            <>
              <dt className="font-bold">Promo code discount</dt>
              <dd>{money(order.discount)}</dd>
            </>
          )}
          {order.walletAmountUsed > 0 && (
            <>
              <dt className="font-bold">Wallet credit used</dt>
              <dd>{money(order.walletAmountUsed)}</dd>
            </>
          )}
          <dt className="font-bold">Total paid</dt>
          <dd data-testid="order-total">
            {money(order.total)} ({order.currency}){order.total > 0 ? ` by ${order.paidBy}` : ""}
          </dd>
        </dl>
        <ul className="mt-4 flex flex-col gap-1 border-t border-gray-200 pt-4">
          {lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4">
              <span>
                {line.quantity} × {line.title}
                {line.kind !== "gift_card" && giftSummary(line.gifting) && <span className="block text-sm text-gray-700">{giftSummary(line.gifting)}</span>}
                {line.delivery && <span className="block text-sm text-gray-700">{line.delivery}</span>}
              </span>
              <span>{money(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
      </section>
      {vipYear && <VipYearNotice vipYear={vipYear} />}
      {giftCards.length > 0 && <BoughtGiftCards cards={giftCards} />}
      {(vouchers.length > 0 || giftCards.length === 0) && (
        <section aria-labelledby="your-vouchers" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <h2 id="your-vouchers" className="mb-4 text-xl font-bold">
            Your vouchers
          </h2>
          <VoucherList vouchers={vouchers} />
          <p className="mt-4">
            <a href="/myaccount/vouchers" className="font-bold text-brand-dark underline">
              See all your vouchers in My Vouchers
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
