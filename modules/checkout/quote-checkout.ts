import type { Db } from "../../db/client";
import { type Basket, type BasketActor, linesOf } from "../basket/baskets";
import { BasketError } from "../basket/errors";
import { type BasketFacts, type EvaluatedLine, evaluateLines } from "../basket/evaluate-lines";
import { loadBasketFacts } from "../basket/load-facts";
import { walletMayPay } from "../basket/line-rules";
import { evaluatePromo, type PromoResult } from "../promotions/evaluate-promo";
import { findPromoCode, promoUsage } from "../promotions/promo-codes";
import { planWalletUse, type WalletBalance } from "../wallet/plan-wallet-use";
import { walletBalance } from "../wallet/wallet";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { passengersValid } from "../travel/passengers";

export interface CheckoutQuote {
  basket: Basket;
  lines: EvaluatedLine[];
  /** Items: unit price × quantity over every line (add-ons included). */
  subtotal: number;
  postage: number;
  promo: PromoResult | null;
  promoCodeId: number | null;
  discount: number;
  /** Spec orderSummary.totalOrderAmount: what the order costs before wallet credit. */
  total: number;
  walletBalance: WalletBalance | null;
  walletUsed: WalletBalance;
  /** What the payment method is charged. */
  payable: number;
  /** Units bought (the order response's quantity). */
  quantity: number;
  /** Why the order cannot be placed as it is; empty when it can. */
  problems: BasketError[];
  /** Spec checkoutData.isTravelValid: every booked stay has valid passenger details (true without stays). */
  travelValid: boolean;
  /** What the caps were computed from (past purchases, deal sales, other baskets' holds). */
  facts: BasketFacts;
}

/**
 * Prices a basket for checkout: lines with their caps and availability, the promo code, wallet
 * credit, and the totals. Checkout display and order placement both use it, so a rule lives in one
 * place; placement passes `lock` inside its transaction so nothing it read can change before commit.
 */
export async function quoteCheckout(
  db: Db,
  basket: Basket,
  actor: BasketActor,
  options: { lock?: boolean; promoCode?: string | null; useWallet?: boolean } = {},
): Promise<CheckoutQuote> {
  const customerId = basket.customerId ?? actor.customer?.id ?? null;
  const rows = await linesOf(db, basket.id);
  const facts = await loadBasketFacts(db, {
    basketId: basket.id,
    productIds: rows.flatMap((line) => (line.productId === null ? [] : [line.productId])),
    customerId,
    countryCode: actor.brand.countryCode,
    now: actor.now,
    lock: options.lock,
    lines: rows,
  });
  const lines = evaluateLines(rows, facts, { now: actor.now, currency: basket.currency, vip: actor.customer?.vip ?? false });
  const bought = lines.filter((entry) => entry.line.quantity > 0);
  const subtotal = bought.reduce((sum, entry) => sum + entry.price.unitPrice * entry.line.quantity, 0);
  const postage = bought.reduce((sum, entry) => sum + entry.price.postagePerUnit * entry.line.quantity, 0);

  const code = options.promoCode === undefined ? basket.promoCode : options.promoCode;
  let promo: PromoResult | null = null;
  let promoCodeId: number | null = null;
  if (code) {
    const found = await findPromoCode(db, actor.brand.id, code, { lock: options.lock });
    const usage = found ? await promoUsage(db, found.id, customerId) : { total: 0, byCustomer: 0 };
    promo = evaluatePromo(code, found, {
      now: actor.now,
      signedIn: customerId !== null,
      currency: basket.currency,
      usage,
      lines: bought.flatMap((entry) =>
        entry.product ? [{ subCategoryId: entry.product.deal.subCategory.id, itemsTotal: entry.price.unitPrice * entry.line.quantity }] : [],
      ),
    });
    if (promo.applicable && found) promoCodeId = found.id;
  }
  const discount = promo?.applicable ? promo.discount : 0;
  const total = subtotal + postage - discount;

  const useWallet = options.useWallet ?? basket.useWallet;
  const walletMayNotPay = bought.filter((entry) => !walletMayPay(entry.line.kind)).reduce((sum, entry) => sum + entry.price.lineTotal, 0);
  const balance = customerId !== null && useWallet ? await walletBalance(db, customerId, basket.currency, { lock: options.lock, now: actor.now }) : null;
  const walletUsed = balance
    ? planWalletUse({
        balance,
        payable: total - walletMayNotPay,
        eligibleItems: bought.filter((entry) => entry.line.kind === "deal").map((entry) => ({ unitPrice: entry.price.unitPrice, quantity: entry.line.quantity })),
      })
    : { refundable: 0, marketing: 0 };

  const problems = lines.flatMap((entry) => (entry.problem ? [entry.problem] : []));
  if (bought.length === 0) problems.push(new BasketError("INVALID_QUANTITY"));
  // Spec §5 checkout gate: valid passenger details for every booked stay.
  const travelValid = passengerGate(bought, localDate(actor.now, marketTimeZone(actor.brand.countryCode)));
  if (!travelValid) problems.push(new BasketError("TRAVEL_PASSENGERS_REQUIRED"));
  return {
    basket,
    lines,
    subtotal,
    postage,
    promo,
    promoCodeId,
    discount,
    total,
    walletBalance: balance,
    walletUsed,
    payable: total - walletUsed.refundable - walletUsed.marketing,
    quantity: bought.reduce((sum, entry) => sum + entry.line.quantity, 0),
    problems,
    travelValid,
    facts,
  };
}

/** Whether every dated stay has its passengers, each valid for the day they travel. */
export function passengerGate(lines: readonly EvaluatedLine[], today: string): boolean {
  return lines.every(
    (entry) => !entry.stay || passengersValid(entry.line.passengers, { guests: entry.stay.guests, today, travelDate: entry.stay.checkIn }),
  );
}
