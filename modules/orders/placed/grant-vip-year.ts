import { buyVipYear } from "../../vip/buy-vip-year";
import type { OrderPlacedStep } from "./context";

/**
 * The VIP add-on line (VVE, opt-in VIP-SUB-PAID-FLOW) starts or extends the membership, paid with
 * the order (modules/vip/buy-vip-year.ts). Renewal needs the shopper's agreement and a card saved
 * for them (chosen, or saved with this order) that allows subscription.
 */
export const grantVipYearStep: OrderPlacedStep = {
  name: "grant VIP year",
  async run(context) {
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
  },
};
