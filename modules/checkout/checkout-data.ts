import type { ProductDeliveryOption } from "../catalog/schema";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { type BasketData, basketData } from "../basket/basket-data";
import type { EvaluatedLine } from "../basket/evaluate-lines";
import { earliestHold, quantityString } from "../basket/view-basket";
import { BRANDS } from "../../lib/brand";
import { findGiftPresets, type GiftPreset } from "../catalog/gift-presets";
import type { SellableProduct } from "../catalog/sellable-products";
import { listInstruments } from "../payments/instruments";
import { availablePaymentMethods, offeredInstrumentTypes } from "../payments/method-availability";
import type { CardType, PaymentMethod } from "../payments/provider";
import { walletBalance } from "../wallet/wallet";
import type { CheckoutQuote } from "./quote-checkout";

/** Spec §3: the default gift wrap preset (the market's own wrap preset, when it has one, wins). */
export const GIFT_WRAP_PRESET = { dealId: 16172264, productId: 2440914 } as const;

/** A gift wrap or gift pack the checkout offers, with its price per item. */
export interface GiftPresetOffer {
  type: GiftPreset;
  dealId: number;
  productId: number;
  title: string;
  price: number;
}

export interface CheckoutDeal {
  id: number;
  headline: string;
  business: { name: string };
  category: { name: string; shortName: string };
  subCategory: { id: number; shortName: string };
  currency: Currency;
  closingDate: string;
  shareUrl: string;
  image: { imageUrl: string; extension: string } | null;
  finalDealOrderAmount: number;
  highFraudRisk: boolean;
  dealType: string;
  pricePerPerson: boolean;
  deliveryType: string;
  purchaseCap: number | null;
  totalRemainingForDay: number | null;
  userDealInfo: { maxQuantityUserCanBuy: number | null };
  products: {
    id: number;
    friendlyName: string;
    price: number;
    vipPrice: number | null;
    adminFee: number;
    totalPrice: number;
    /** The ways to get it with their postage; the basket line's deliveryOptionType is the one charged. */
    productDeliveryOptions: ProductDeliveryOption[];
    soldOut: boolean;
    totalRemaining: number | null;
    purchaseCap: number | null;
    maxQuantityUserCanCurrentlyBuy: number;
  }[];
}

export interface PaymentInstrumentData {
  id: number;
  type: PaymentMethod;
  cardType: CardType | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  gateway: string;
  default: boolean;
  /** Spec §5: subscriptions only with an instrument flagging this as boolean true. */
  allowSubscription: boolean;
}

/** The spec's checkoutData (§3), as the API answers it and the checkout page renders it. */
export interface CheckoutData {
  token: string;
  status: "READY" | "REFRESHED";
  deals: CheckoutDeal[];
  basket: BasketData;
  orderSummary: {
    currency: Currency;
    subtotal: number;
    postage: number;
    discount: number;
    totalOrderAmount: number;
    walletAmountUsed: number;
    amountToPay: number;
    quantity: number;
  };
  promoCode: { code: string; applicable: boolean; message: string } | null;
  wallet: { applied: boolean };
  userInfo: {
    isAuthenticated: boolean;
    paymentOptions: {
      creditBalances: { currency: Currency; refundableBalance: number; marketingBalance: number }[];
      paymentInstruments: PaymentInstrumentData[];
      availableMethods: PaymentMethod[];
    };
  };
  giftingDetails: { giftWrap: { dealId: number; productId: number }; presets: GiftPresetOffer[] };
  countdown: { reservedUntil: string | null; serverTime: string };
  isTravel: boolean;
  /** Every booked stay has valid passenger details (spec §5 checkout gate); true without stays. */
  isTravelValid: boolean;
  /** Checkout gates on the basket: every line purchasable and within its caps. */
  canCheckout: boolean;
  problems: { code: string; message: string }[];
}

function dealsOf(quote: CheckoutQuote): CheckoutDeal[] {
  const byDeal = new Map<number, { product: SellableProduct; entries: EvaluatedLine[] }>();
  for (const entry of quote.lines) {
    if (!entry.product) continue;
    const group = byDeal.get(entry.product.deal.id) ?? { product: entry.product, entries: [] };
    group.entries.push(entry);
    byDeal.set(entry.product.deal.id, group);
  }
  const { purchases, sales } = quote.facts;
  return [...byDeal.values()].map(({ product, entries }) => {
    const deal = product.deal;
    const soldToday = sales.get(deal.id)?.today ?? 0;
    const extension = deal.imageUrl?.split(".").pop() ?? "";
    return {
      id: deal.id,
      headline: deal.headline,
      business: { name: deal.merchantName },
      category: { name: deal.category.name, shortName: deal.category.shortName },
      subCategory: deal.subCategory,
      currency: deal.currency,
      closingDate: deal.closingDate.toISOString(),
      shareUrl: deal.urlPath,
      image: deal.imageUrl ? { imageUrl: deal.imageUrl, extension } : null,
      finalDealOrderAmount: entries.reduce((sum, entry) => sum + entry.price.lineTotal, 0),
      highFraudRisk: deal.highFraudRisk,
      dealType: deal.dealType,
      pricePerPerson: deal.pricePerPerson,
      deliveryType: deal.deliveryType,
      purchaseCap: deal.purchaseCap,
      totalRemainingForDay: deal.dailyCap === null ? null : Math.max(0, deal.dailyCap - soldToday),
      userDealInfo: {
        maxQuantityUserCanBuy: deal.purchaseCap === null ? null : Math.max(0, deal.purchaseCap - (purchases.unitsByDeal.get(deal.id) ?? 0)),
      },
      products: entries.map(({ product: p, price, cap }) => ({
        id: p!.id,
        friendlyName: p!.friendlyName,
        price: price.unitPrice,
        vipPrice: p!.vipPrice,
        adminFee: p!.adminFee,
        totalPrice: price.unitPrice + price.postagePerUnit,
        productDeliveryOptions: p!.deliveryOptions,
        soldOut: p!.soldOut || p!.totalRemaining === 0,
        totalRemaining: p!.totalRemaining,
        purchaseCap: p!.purchaseCap,
        maxQuantityUserCanCurrentlyBuy: cap.cap,
      })),
    };
  });
}

/**
 * Assembles the checkout data for a priced basket: deals, order summary, promo code, the
 * customer's wallet balances and saved instruments, and the ways to pay on offer.
 */
export async function describeCheckout(
  db: Db,
  quote: CheckoutQuote,
  context: {
    customer: { id: number; customerToken: string } | null;
    device: { applePay: boolean; specialBrowser: boolean };
    enabledMethods: { klarna: boolean; clearpay: boolean };
    status: "READY" | "REFRESHED";
    now: Date;
  },
): Promise<CheckoutData> {
  const { basket } = quote;
  const customer = context.customer;
  const [balance, instruments] = customer
    ? await Promise.all([walletBalance(db, customer.id, basket.currency, { now: context.now }), listInstruments(db, customer.id)])
    : [null, []];
  const presets = await findGiftPresets(db, BRANDS[basket.brand].countryCode);
  const wrap = presets.get("WRAPPED");
  const walletUsed = quote.walletUsed.refundable + quote.walletUsed.marketing;
  const reservedUntil = earliestHold(quote.lines);
  const owner = customer && basket.customerId === customer.id ? customer.customerToken : null;
  return {
    token: basket.token,
    status: context.status,
    deals: dealsOf(quote),
    basket: basketData({ basket, lines: quote.lines, quantity: quantityString(quote.lines), reservedUntil }, owner),
    orderSummary: {
      currency: basket.currency,
      subtotal: quote.subtotal,
      postage: quote.postage,
      discount: quote.discount,
      totalOrderAmount: quote.total,
      walletAmountUsed: walletUsed,
      amountToPay: quote.payable,
      quantity: quote.quantity,
    },
    promoCode: quote.promo ? { code: quote.promo.code, applicable: quote.promo.applicable, message: quote.promo.message } : null,
    wallet: { applied: basket.useWallet },
    userInfo: {
      isAuthenticated: customer !== null,
      paymentOptions: {
        creditBalances: balance ? [{ currency: basket.currency, refundableBalance: balance.refundable, marketingBalance: balance.marketing }] : [],
        paymentInstruments: instruments.map((instrument) => ({
          id: instrument.id,
          type: instrument.type,
          cardType: instrument.cardType,
          last4: instrument.last4,
          expiryMonth: instrument.expiryMonth,
          expiryYear: instrument.expiryYear,
          gateway: instrument.gateway,
          default: instrument.isDefault,
          allowSubscription: instrument.allowSubscription,
        })),
        availableMethods: availablePaymentMethods({
          authenticated: customer !== null,
          total: quote.payable,
          currency: basket.currency,
          savedInstrumentTypes: offeredInstrumentTypes(instruments.map((instrument) => instrument.type)),
          device: context.device,
          enabled: context.enabledMethods,
        }),
      },
    },
    giftingDetails: {
      giftWrap: wrap ? { dealId: wrap.dealId, productId: wrap.productId } : { ...GIFT_WRAP_PRESET },
      presets: [...presets.values()].map((preset) => ({ type: preset.preset, dealId: preset.dealId, productId: preset.productId, title: preset.title, price: preset.price })),
    },
    countdown: { reservedUntil: reservedUntil?.toISOString() ?? null, serverTime: context.now.toISOString() },
    isTravel: quote.lines.some((entry) => entry.product?.deal.dealType === "travel"),
    isTravelValid: quote.travelValid,
    canCheckout: quote.problems.length === 0,
    problems: quote.problems.map((problem) => ({ code: problem.code, message: problem.message })),
  };
}
