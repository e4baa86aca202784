import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import { PAYMENT_METHODS } from "../../modules/payments/provider";
import { GIFT_PRESETS } from "../../modules/catalog/gift-presets";
import { BasketSchema } from "./basket-schemas";
import { DeliveryOptionSchema } from "./catalog-schemas";

const Money = z.number().int();
const Currency = z.enum(["GBP", "EUR"]);
const flag = z.enum(["true", "false"]).optional();

export const CheckoutQuerySchema = z.object({
  deliveryOptions: flag,
  gifting: flag,
  giftPacks: flag,
  por_check: flag,
  vipChecked: flag,
  wallet: flag.openapi({ description: "preview paying with wallet credit (true) or not (false); the basket keeps its choice" }),
  promoCode: z.string().max(40).optional().openapi({ description: "preview this code (empty: without one); the basket keeps its code" }),
  timestamp: z.string().max(40).optional(),
  timerElapsed: flag.openapi({ description: "accepted and ignored: a GET holds nothing again (POST /v1/checkout/{token}/refresh does)" }),
});

const CheckoutDealSchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  business: z.object({ name: z.string() }),
  category: z.object({ name: z.string(), shortName: z.string() }),
  subCategory: z.object({ id: z.number().int(), shortName: z.string() }),
  currency: Currency,
  closingDate: z.string(),
  shareUrl: z.string(),
  image: z.object({ imageUrl: z.string(), extension: z.string() }).nullable(),
  finalDealOrderAmount: Money,
  highFraudRisk: z.boolean(),
  dealType: z.string(),
  pricePerPerson: z.boolean(),
  deliveryType: z.string(),
  purchaseCap: z.number().int().nullable(),
  totalRemainingForDay: z.number().int().nullable(),
  userDealInfo: z.object({ maxQuantityUserCanBuy: z.number().int().nullable() }),
  products: z.array(
    z.object({
      id: z.number().int(),
      friendlyName: z.string(),
      price: Money,
      vipPrice: Money.nullable(),
      adminFee: Money,
      totalPrice: Money,
      productDeliveryOptions: z
        .array(DeliveryOptionSchema)
        .openapi({ description: "choose one with PATCH basket/{token}/product/{id} deliveryOptionType; the cheapest is charged until then" }),
      soldOut: z.boolean(),
      totalRemaining: z.number().int().nullable(),
      purchaseCap: z.number().int().nullable(),
      maxQuantityUserCanCurrentlyBuy: z.number().int(),
    }),
  ),
});

export const CheckoutDataSchema = z
  .object({
    token: z.string(),
    status: z.enum(["READY", "REFRESHED"]),
    deals: z.array(CheckoutDealSchema),
    basket: BasketSchema,
    orderSummary: z.object({
      currency: Currency,
      subtotal: Money,
      postage: Money,
      discount: Money,
      totalOrderAmount: Money,
      walletAmountUsed: Money,
      amountToPay: Money,
      quantity: z.number().int(),
    }),
    promoCode: z.object({ code: z.string(), applicable: z.boolean(), message: z.string() }).nullable(),
    wallet: z.object({ applied: z.boolean() }),
    userInfo: z.object({
      isAuthenticated: z.boolean(),
      paymentOptions: z.object({
        creditBalances: z.array(z.object({ currency: Currency, refundableBalance: Money, marketingBalance: Money })),
        paymentInstruments: z.array(
          z.object({
            id: z.number().int(),
            type: z.enum(PAYMENT_METHODS),
            cardType: z.string().nullable(),
            last4: z.string().nullable(),
            expiryMonth: z.number().int().nullable(),
            expiryYear: z.number().int().nullable(),
            gateway: z.string(),
            default: z.boolean(),
            allowSubscription: z.boolean(),
          }),
        ),
        availableMethods: z.array(z.enum(PAYMENT_METHODS)),
      }),
    }),
    giftingDetails: z.object({
      giftWrap: z.object({ dealId: z.number().int(), productId: z.number().int() }),
      presets: z.array(
        z.object({
          type: z.enum(GIFT_PRESETS),
          dealId: z.number().int(),
          productId: z.number().int(),
          title: z.string(),
          price: z.number().int(),
        }),
      ),
    }),
    countdown: z.object({ reservedUntil: z.string().nullable(), serverTime: z.string() }),
    isTravel: z.boolean(),
    isTravelValid: z.boolean().openapi({ description: "every booked stay has valid passenger details (a checkout gate)" }),
    canCheckout: z.boolean(),
    problems: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .openapi("CheckoutData");

export const PlaceOrderSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    instrument: z.enum(["NEW", "EXISTING", "NONE"]).openapi({ description: "NEW: a nonce from the gateway; EXISTING: a saved instrument; NONE: wallet credit pays all" }),
    paymentNonce: z.string().min(1).max(200).optional(),
    instrumentId: recordId().optional(),
    saveInstrument: z.boolean().optional(),
    ageConfirmed: z.boolean().optional(),
    vipRenewal: z
      .boolean()
      .optional()
      .openapi({ description: "The shopper ticked 'renew my VIP membership every year' (never pre-ticked); renews only when paid with a saved card that allows subscription" }),
    details: z.object({
      firstName: z.string().max(100),
      lastName: z.string().max(100),
      addressLine1: z.string().max(200),
      addressLine2: z.string().max(200).nullable().optional(),
      city: z.string().max(100),
      postcode: z.string().max(20),
    }),
  })
  .openapi("PlaceOrder");

export const OrderResponseSchema = z
  .object({
    productOrder: z.object({
      id: z.number().int(),
      currency: Currency,
      walletAmountUsed: Money,
      cardType: z.string().nullable(),
      quantity: z.number().int(),
      total: Money,
    }),
  })
  .openapi("OrderResponse");

/** 202: the gateway wants the shopper's action first (3-D Secure); the browser goes to `url` and comes back to the checkout. */
export const RequiresActionSchema = z.object({ requiresAction: z.object({ url: z.string() }) }).openapi("OrderRequiresAction");
