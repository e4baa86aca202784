import type { Db } from "../../../db/client";
import { BRANDS, type BrandId } from "../../../lib/brand";
import { marketTimeZone } from "../../../lib/market-time";
import type { Clock } from "../../../lib/clock";
import type { Basket } from "../../basket/baskets";
import { chosenDeliveryOption } from "../../catalog/rules/delivery-options";
import type { SellableProduct } from "../../catalog/sellable-products";
import type { EvaluatedLine } from "../../basket/evaluate-lines";
import type { CheckoutQuote } from "../../checkout/quote-checkout";
import type { PaymentDetails } from "../../payments/provider";
import type { Actor } from "../../states/transition";
import type { IssuedVoucher } from "../../vouchers/issue-vouchers";
import type { WrittenLine, WrittenOrder } from "../order-extras";
import type { FraudSignal, orders } from "../schema";

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
  /** Where the request came from (the attempt's), for the velocity rules. */
  readonly origin: { clientIp: string | null; deviceId: string | null };
  /** Why the order waits for fraud review, filled by the "review for fraud" step; empty: not held. */
  heldFor: FraudSignal[];
  /** The shopper agreed to renew the VIP year they are buying (never pre-ticked). */
  readonly vipRenewal?: boolean;
  /** The saved instrument the order was paid with (EXISTING), else null. */
  readonly savedInstrumentId?: number | null;
}

/** One thing that happens once an order is written: a file of its own in this folder, listed in ./index.ts. */
export interface OrderPlacedStep {
  readonly name: string;
  run(context: OrderPlacedContext): Promise<void>;
}

/** The order waits for fraud review: nothing is released to the shopper or recipients yet. */
export const isHeld = (context: OrderPlacedContext) => context.heldFor.length > 0;

/** The order's deal lines (not add-ons or gift cards), each with its product. */
export const dealLines = (context: OrderPlacedContext) => context.lines.flatMap(({ entry, written }) => (entry.product ? [{ entry, product: entry.product, written }] : []));

/** The order's market clock (London or Dublin), for expiry dates. */
export const orderTimeZone = (context: OrderPlacedContext) => marketTimeZone(BRANDS[context.brand].countryCode);

/** The line's goods are posted: its vouchers are physical and get a shipment (goods collected are handed over against the voucher). */
export const postsGoods = ({ entry, product }: { entry: { line: { deliveryOptionType: string | null } }; product: SellableProduct }) =>
  product.deal.deliveryType !== "none" && deliveryMethodOf({ entry, product }) !== "click_and_collect";

/** The delivery method the line was bought with (null: the deal's single postage, or nothing posted). */
export const deliveryMethodOf = ({ entry, product }: { entry: { line: { deliveryOptionType: string | null } }; product: SellableProduct }) =>
  chosenDeliveryOption(product.deliveryOptions, entry.line.deliveryOptionType)?.method ?? null;

export const writtenOrder = (context: OrderPlacedContext): WrittenOrder => ({
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
