import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import type { Clock } from "../../lib/clock";
import type { Basket } from "../basket/baskets";
import type { EvaluatedLine } from "../basket/evaluate-lines";
import { extraLineTitle } from "../basket/line-pricing";
import { openShipments } from "../delivery/open-shipments";
import { markBasketOrdered } from "../basket/mark-basket-ordered";
import { NightSoldOutError, sellUnits } from "../inventory/sell";
import { BasketError } from "../basket/errors";
import { FlightSoldOutError, sellFlightSeats } from "../travel/flight-seats";
import type { CheckoutQuote } from "../checkout/quote-checkout";
import { issueGiftCards } from "../gift-cards/issue-gift-cards";
import { schedulePurchasePoints } from "../loyalty/credit-purchase-points";
import { enqueue } from "../mail/outbox";
import { saveInstrument } from "../payments/instruments";
import { recordAuthorizedPayment } from "../payments/payment-records";
import type { PaymentDetails } from "../payments/provider";
import { recordRedemption } from "../promotions/promo-codes";
import { recordReferredFirstOrder } from "../referrals/first-order";
import type { Actor } from "../states/transition";
import { type IssuedVoucher, issueVouchers, voucherExpiry } from "../vouchers/issue-vouchers";
import { spendWalletCredit } from "../wallet/wallet";
import { orderConfirmationEmail } from "./confirmation-email";
import { placedOrderOf } from "./find-orders";
import { voucherPaymentShares } from "./voucher-payment-shares";
import { sendEGifts, type WrittenLine, type WrittenOrder } from "./order-extras";
import { previousAddresses } from "./previous-addresses";
import { buyVipYear } from "../vip/buy-vip-year";
import type { orders } from "./schema";

/** The gateway's authorization that pays for the order (null when wallet credit pays it all). */
export interface OrderAuthorization {
  authorizationId: string;
  amount: number;
  details: PaymentDetails;
  /** Set when the shopper asked to save a new instrument and the gateway vaulted it. */
  vaultedToken: string | null;
}

/** What the steps share: the order just written, its lines, and what earlier steps produced. */
export interface OrderPlacedContext {
  readonly tx: Db;
  readonly clock: Clock;
  readonly now: Date;
  readonly brand: BrandId;
  /** Origin for links in emails, e.g. https://www.wowcher.co.uk. */
  readonly linkOrigin: string;
  readonly providerName: string;
  /** How long after purchase the vouchers become available. */
  readonly voucherReadyMs: number;
  /** The shopper who placed the order. */
  readonly actor: Actor;
  readonly firstName: string;
  /** The basket, locked by the order's transaction. */
  readonly basket: Basket;
  readonly quote: CheckoutQuote;
  readonly order: typeof orders.$inferSelect;
  /** Each line bought, with the order line written for it. */
  readonly lines: readonly { entry: EvaluatedLine; written: WrittenLine }[];
  readonly authorization: OrderAuthorization | null;
  /** Filled by the "issue vouchers" step. */
  vouchers: IssuedVoucher[];
  /** The shopper agreed to renew the VIP year they are buying (never pre-ticked). */
  readonly vipRenewal?: boolean;
  /** The saved instrument the order was paid with (EXISTING), else null. */
  readonly savedInstrumentId?: number | null;
}

export interface OrderPlacedStep {
  readonly name: string;
  run(context: OrderPlacedContext): Promise<void>;
}

const dealLines = (context: OrderPlacedContext) => context.lines.flatMap(({ entry, written }) => (entry.product ? [{ entry, product: entry.product, written }] : []));

/** The deal posts goods: its vouchers are physical and get a shipment. */
const postsGoods = (product: { deal: { deliveryType: string } }) => product.deal.deliveryType !== "none";

const writtenOrder = (context: OrderPlacedContext): WrittenOrder => ({
  id: context.order.id,
  customerId: context.order.customerId,
  brand: context.brand,
  senderName: context.firstName,
  now: context.now,
  actor: context.actor,
  linkOrigin: context.linkOrigin,
  lines: context.lines.map((line) => line.written),
  vouchers: context.vouchers,
});

/**
 * Gift cards are paid by card alone (../basket/line-rules.ts walletMayPay): the vouchers share what
 * the rest of the order cost, so a voucher's refund returns credit as credit.
 */
function withoutGiftCards(context: OrderPlacedContext) {
  const isGiftCard = ({ written }: OrderPlacedContext["lines"][number]) => written.kind === "gift_card";
  const giftCardTotal = context.lines.filter(isGiftCard).reduce((sum, { entry }) => sum + entry.price.lineTotal, 0);
  return {
    paid: { ...context.order, total: context.order.total - giftCardTotal },
    lineTotals: context.lines.map((line) => (isGiftCard(line) ? 0 : line.entry.price.lineTotal)),
  };
}

/**
 * What happens once an order is written, in order, inside the order's transaction: any failure
 * rolls the whole order back. A new kind of line (gift card, travel night) adds its step here.
 */
export const ORDER_PLACED_STEPS: readonly OrderPlacedStep[] = [
  {
    name: "issue vouchers",
    async run(context) {
      const deals = dealLines(context);
      const { paid, lineTotals } = withoutGiftCards(context);
      const shares = voucherPaymentShares(paid, lineTotals, deals.map(({ written }) => context.lines.findIndex((line) => line.written === written)), deals.map(({ entry }) => entry.line.quantity));
      const protectedOrder = context.lines.some(({ written }) => written.kind === "addon" && written.addonType === "DVP");
      context.vouchers = await issueVouchers(context.tx, {
        orderId: context.order.id,
        customerId: context.order.customerId,
        currency: context.order.currency,
        at: context.now,
        availableAt: new Date(context.now.getTime() + context.voucherReadyMs),
        protected: protectedOrder,
        actor: context.actor,
        lines: deals.map(({ entry, product, written }, index) => ({
          orderLineId: written.id,
          dealId: product.deal.id,
          productId: product.id,
          merchantId: product.deal.merchantId,
          physical: postsGoods(product),
          quantity: entry.line.quantity,
          dealTitle: product.deal.headline,
          productName: product.friendlyName,
          merchantName: product.deal.merchantName,
          paid: shares[index],
        })),
      });
    },
  },
  {
    // Goods the deal posts wait for dispatch: one shipment per physical voucher.
    name: "open shipments",
    async run(context) {
      const physicalLines = new Map(dealLines(context).filter(({ product }) => postsGoods(product)).map(({ product, written }) => [written.id, product.deal]));
      await openShipments(context.tx, {
        orderId: context.order.id,
        at: context.now,
        timeZone: marketTimeZone(BRANDS[context.brand].countryCode),
        actor: context.actor,
        vouchers: context.vouchers.flatMap((voucher) => {
          const deal = physicalLines.get(voucher.orderLineId);
          return deal === undefined ? [] : [{ voucherId: voucher.id, merchantId: deal.merchantId, giftPreset: deal.giftPreset }];
        }),
      });
    },
  },
  {
    // Stock, the hourly sales ledger (caps, social cue) and the customer's purchases, all at once;
    // a dated travel stay sells its rooms on every night (one booking, one unit).
    name: "sell units",
    async run(context) {
      const lines = dealLines(context).map(({ entry, product }) => ({
        dealId: product.deal.id,
        productId: product.id,
        units: entry.line.quantity,
        nights: entry.stay?.nights,
        roomsPerNight: entry.stay?.rooms,
      }));
      await asShopperProblem(() => sellUnits(context.tx, { customerId: context.order.customerId, at: context.now, lines }));
    },
  },
  {
    // Choose-your-flight stays: a seat on each flight of the pair for every passenger, never oversold.
    name: "sell flight seats",
    async run(context) {
      const seats = dealLines(context).flatMap(({ entry }) => {
        const flights = entry.stay?.flights;
        if (!flights) return [];
        return [flights.outboundFlightId, flights.inboundFlightId].map((flightId) => ({ flightId, seats: entry.stay!.guests }));
      });
      await asShopperProblem(() => sellFlightSeats(context.tx, seats));
    },
  },
  {
    name: "spend wallet credit",
    async run({ tx, order, quote, now }) {
      await spendWalletCredit(tx, { customerId: order.customerId, currency: order.currency, use: quote.walletUsed, orderId: order.id, at: now });
    },
  },
  {
    name: "redeem promo code",
    async run({ tx, order, quote, now }) {
      if (quote.promoCodeId === null || quote.discount <= 0) return;
      await recordRedemption(tx, { promoCodeId: quote.promoCodeId, customerId: order.customerId, orderId: order.id, amount: quote.discount, at: now });
    },
  },
  {
    name: "record payment",
    async run({ tx, order, authorization, providerName, actor, now }) {
      if (!authorization) return;
      await recordAuthorizedPayment(tx, {
        orderId: order.id,
        provider: providerName,
        authorizationId: authorization.authorizationId,
        amount: authorization.amount,
        currency: order.currency,
        details: authorization.details,
        at: now,
        actor,
      });
      if (authorization.vaultedToken) {
        await saveInstrument(tx, { customerId: order.customerId, gateway: providerName, token: authorization.vaultedToken, details: authorization.details, at: now });
      }
    },
  },
  {
    name: "close basket",
    async run({ tx, basket, order, now }) {
      await markBasketOrdered(tx, basket.id, order.customerId, now);
    },
  },
  {
    // Queued in the same transaction: the email exists if and only if the order does.
    name: "confirmation email",
    async run(context) {
      await enqueue(
        context.tx,
        orderConfirmationEmail({
          brand: context.brand,
          firstName: context.firstName.trim(),
          order: placedOrderOf(context.order),
          vouchersExpireAt: voucherExpiry(context.now),
          vouchersReadyAt: new Date(context.now.getTime() + context.voucherReadyMs),
          sentAt: context.now,
          origin: context.linkOrigin,
          items: context.lines.map(({ entry: { line, product, price }, written }) => ({
            title: product ? `${product.deal.headline} (${product.friendlyName})` : extraLineTitle(line, context.order.currency),
            quantity: line.quantity,
            lineTotal: price.lineTotal,
            // An E-gift's codes are the recipient's, claimed with the gift codes they are sent.
            giftedTo: written.gifting?.type === "E_GIFT" ? (written.gifting.recipientName ?? null) : null,
            voucherCodes: written.gifting?.type === "E_GIFT" ? [] : context.vouchers.filter((voucher) => voucher.orderLineId === written.id).map((voucher) => voucher.code),
          })),
        }),
        context.clock,
      );
    },
  },
  {
    // The VIP year (VVE, opt-in VIP-SUB-PAID-FLOW) starts or extends the membership: modules/vip/buy-vip-year.ts.
    name: "grant VIP year",
    run: (context) => startVipYear(context),
  },
  {
    // E-gift lines: a gift code per voucher, emailed to the recipient with the link to /mygift.
    name: "send e-gifts",
    run: (context) => sendEGifts(context.tx, writtenOrder(context), context.clock),
  },
  {
    // Each gift card line becomes a card with its code, emailed to the recipient (printed cards: a link to the buyer).
    name: "issue gift cards",
    async run(context) {
      const lines = context.lines.filter(({ written }) => written.kind === "gift_card");
      if (lines.length === 0) return;
      await issueGiftCards(context.tx, {
        orderId: context.order.id,
        buyerCustomerId: context.order.customerId,
        buyerEmail: context.order.email,
        senderName: context.firstName,
        brand: context.brand,
        currency: context.order.currency,
        at: context.now,
        actor: context.actor,
        linkOrigin: context.linkOrigin,
        clock: context.clock,
        lines: lines.map(({ entry, written }) => ({
          orderLineId: written.id,
          amount: entry.price.unitPrice,
          recipientName: written.gifting?.recipientName ?? null,
          recipientEmail: written.gifting?.type === "E_GIFT" ? (written.gifting.recipientEmail ?? null) : null,
          message: written.gifting?.message ?? null,
        })),
      });
    },
  },
  {
    // Club points for the vouchers 30 days on, unless given back by then: a job queued with the order.
    name: "schedule Club points",
    async run({ tx, order, now, clock, vouchers }) {
      if (vouchers.length > 0) await schedulePurchasePoints(tx, { orderId: order.id, at: now, clock });
    },
  },
  {
    // Refer a friend: a referred customer's first paid order starts the 14-day wait for the referrer's reward.
    name: "referral first order",
    run: ({ tx, order, vouchers, now, voucherReadyMs, actor }) =>
      recordReferredFirstOrder(
        tx,
        {
          customerId: order.customerId,
          orderId: order.id,
          paid: order.total + order.walletRefundableUsed + order.walletMarketingUsed,
          vouchers: vouchers.length,
          vouchersAvailableAt: new Date(now.getTime() + voucherReadyMs),
          deliveryAddress: { addressLine1: order.addressLine1, postcode: order.postcode },
          at: now,
          actor,
        },
        (customerId) => previousAddresses(tx, customerId),
      ),
  },
];

/**
 * The VIP add-on line: the year is paid with the order. Renewal needs the shopper's agreement and
 * a card saved for them (chosen, or saved with this order) that allows subscription.
 */
async function startVipYear(context: OrderPlacedContext): Promise<void> {
  const vip = context.lines.find(({ written }) => written.kind === "addon" && written.addonType === "VVE");
  if (!vip) return;
  const { authorization } = context;
  const paidWith = !authorization
    ? null
    : context.savedInstrumentId
      ? { instrumentId: context.savedInstrumentId }
      : authorization.vaultedToken
        ? { vaultedToken: authorization.vaultedToken }
        : null;
  await buyVipYear(context.tx, {
    customerId: context.order.customerId,
    orderId: context.order.id,
    amount: vip.entry.price.lineTotal,
    currency: context.order.currency,
    now: context.now,
    actor: context.actor,
    renewRequested: context.vipRenewal === true,
    paidWith,
    linkOrigin: context.linkOrigin,
  });
}

/** A night or a flight that ran out while the order was placed reads as the spec's travel message (the order rolls back). */
async function asShopperProblem(sell: () => Promise<void>): Promise<void> {
  try {
    await sell();
  } catch (error) {
    if (error instanceof NightSoldOutError) throw new BasketError("TRAVEL_NOT_AVAILABLE");
    if (error instanceof FlightSoldOutError) throw new BasketError("TRAVEL_FLIGHTS_UNAVAILABLE");
    throw error;
  }
}

export async function runOrderPlacedSteps(context: OrderPlacedContext): Promise<void> {
  for (const step of ORDER_PLACED_STEPS) await step.run(context);
}
