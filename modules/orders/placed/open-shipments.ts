import { openShipments } from "../../delivery/open-shipments";
import { dealLines, type OrderPlacedStep, orderTimeZone, postsGoods } from "./context";

/** Goods the deal posts wait for dispatch: one shipment per physical voucher. */
export const openShipmentsStep: OrderPlacedStep = {
  name: "open shipments",
  async run(context) {
    const physicalLines = new Map(dealLines(context).filter(({ product }) => postsGoods(product)).map(({ product, written }) => [written.id, product.deal]));
    await openShipments(context.tx, {
      orderId: context.order.id,
      at: context.now,
      timeZone: orderTimeZone(context),
      actor: context.actor,
      vouchers: context.vouchers.flatMap((voucher) => {
        const deal = physicalLines.get(voucher.orderLineId);
        return deal === undefined ? [] : [{ voucherId: voucher.id, merchantId: deal.merchantId, giftPreset: deal.giftPreset }];
      }),
    });
  },
};
