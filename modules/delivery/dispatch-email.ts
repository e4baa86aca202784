import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";
import { COURIERS, type CourierCode, trackingUrl } from "./couriers";
import { formatDeliveryDate } from "./deliver-by";

/** "Your order is on its way", with the courier and tracking only when the deal shows them. */
export function dispatchEmail(input: {
  brand: BrandId;
  to: string;
  firstName: string;
  orderId: number;
  item: string;
  deliverBy: string;
  /** Null when the deal does not show tracking to shoppers. */
  tracking: { courier: CourierCode; trackingNumber: string } | null;
  origin: string;
}): OutgoingMail {
  const vouchersUrl = `${input.origin}/myaccount/vouchers`;
  const paragraphs = [
    greeting(input.firstName),
    `Good news: your order ${input.orderId} (${input.item}) has been dispatched. Delivery on or before ${formatDeliveryDate(input.deliverBy)}.`,
    ...(input.tracking
      ? [
          `Courier: ${COURIERS[input.tracking.courier].name}. Tracking number: ${input.tracking.trackingNumber}.`,
          `Track your parcel (tracking can take up to 48 hours to become active): ${trackingUrl(input.tracking.courier, input.tracking.trackingNumber)}`,
        ]
      : []),
    `Follow your order in My Vouchers: ${vouchersUrl}`,
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your ${BRANDS[input.brand].displayName} order ${input.orderId} has been dispatched`,
    text: paragraphs.join("\n\n"),
    html: layout(input.brand, paragraphs, { label: "Follow your order", url: vouchersUrl }),
  };
}
