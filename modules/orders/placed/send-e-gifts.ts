import { sendEGifts } from "../order-extras";
import { isHeld, type OrderPlacedStep, writtenOrder } from "./context";

/** E-gift lines: a gift code per voucher, emailed to the recipient with the link to /mygift (a held order's on approval). */
export const sendEGiftsStep: OrderPlacedStep = {
  name: "send e-gifts",
  run: async (context) => {
    if (!isHeld(context)) await sendEGifts(context.tx, writtenOrder(context), context.clock);
  },
};
