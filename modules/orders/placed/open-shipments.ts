import { openShipments } from "../../delivery/open-shipments";
import { dealLines, deliveryMethodOf, type OrderPlacedStep, orderTimeZone, postsGoods } from "./context";

/** Goods the deal posts wait for dispatch: one shipment per physical voucher. */
export const openShipmentsStep: OrderPlacedStep = {
  name: "open shipments",
  async run(context) {
    const physicalLines = new Map(
      dealLines(context)
        .filter(postsGoods)
        .map((line) => [line.written.id, { deal: line.product.deal, method: deliveryMethodOf(line) }]),
    );
    await openShipments(context.tx, {
      orderId: context.order.id,
      at: context.now,
      timeZone: orderTimeZone(context),
      actor: context.actor,
      vouchers: context.vouchers.flatMap((voucher) => {
        const line = physicalLines.get(voucher.orderLineId);
        return line === undefined ? [] : [{ voucherId: voucher.id, merchantId: line.deal.merchantId, giftPreset: line.deal.giftPreset, nextDay: line.method === "next_day" }];
      }),
    });
  },
};
