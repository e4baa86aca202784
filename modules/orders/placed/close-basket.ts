import { markBasketOrdered } from "../../basket/mark-basket-ordered";
import type { OrderPlacedStep } from "./context";

export const closeBasketStep: OrderPlacedStep = {
  name: "close basket",
  async run({ tx, basket, order, now }) {
    await markBasketOrdered(tx, basket.id, order.customerId, now);
  },
};
