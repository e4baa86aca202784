import { fraudSignals } from "../review/fraud-signals";
import { holdOrderForReview } from "../review/hold-order";
import { dealLines, type OrderPlacedStep } from "./context";

/**
 * First of the steps: an order of a deal flagged high fraud risk, or one that trips a velocity
 * rule, is held for review (docs/decisions/fraud-review.md). The later steps read `context.heldFor`:
 * vouchers are issued held, nothing is sent to recipients, and the shopper gets "We're checking your order".
 */
export const reviewForFraudStep: OrderPlacedStep = {
  name: "review for fraud",
  async run(context) {
    const { authorization } = context;
    const card = authorization?.details.method === "card" && authorization.details.last4 ? `${authorization.details.cardType ?? ""} ${authorization.details.last4}` : null;
    const highRiskDeals = [...new Set(dealLines(context).flatMap(({ product }) => (product.deal.highFraudRisk ? [product.deal.headline] : [])))];
    const signals = await fraudSignals(context.tx, { customerId: context.order.customerId, highRiskDeals, card, ...context.origin, now: context.now });
    if (signals.length === 0) return;
    context.heldFor = signals;
    await holdOrderForReview(context.tx, {
      order: { ...context.order, brand: context.brand },
      firstName: context.firstName,
      signals,
      from: context.origin,
      actor: context.actor,
      at: context.now,
      clock: context.clock,
      origin: context.linkOrigin,
    });
  },
};
