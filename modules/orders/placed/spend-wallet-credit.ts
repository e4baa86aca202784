import { spendWalletCredit } from "../../wallet/wallet";
import type { OrderPlacedStep } from "./context";

export const spendWalletCreditStep: OrderPlacedStep = {
  name: "spend wallet credit",
  async run({ tx, order, quote, now }) {
    await spendWalletCredit(tx, { customerId: order.customerId, currency: order.currency, use: quote.walletUsed, orderId: order.id, at: now });
  },
};
