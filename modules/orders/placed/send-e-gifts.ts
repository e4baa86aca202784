import { sendEGifts } from "../order-extras";
import { type OrderPlacedStep, writtenOrder } from "./context";

/** E-gift lines: a gift code per voucher, emailed to the recipient with the link to /mygift. */
export const sendEGiftsStep: OrderPlacedStep = {
  name: "send e-gifts",
  run: (context) => sendEGifts(context.tx, writtenOrder(context), context.clock),
};
