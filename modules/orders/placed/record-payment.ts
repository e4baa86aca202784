import { saveInstrument } from "../../payments/instruments";
import { recordAuthorizedPayment } from "../../payments/payment-records";
import type { OrderPlacedStep } from "./context";

export const recordPaymentStep: OrderPlacedStep = {
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
};
