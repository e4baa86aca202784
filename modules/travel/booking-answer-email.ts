import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/** "Tue, 14 September 2027": the day a stay starts or ends, as the voucher page writes it. */
function stayDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The merchant's answer to a stay the voucher holder asked for: confirmed (the voucher is Booked,
 * travel documents follow) or declined (the nights are released and other dates can be asked for).
 */
export function bookingAnswerEmail(input: {
  brand: BrandId;
  to: string;
  firstName: string;
  item: string;
  checkIn: string;
  checkOut: string;
  confirmed: boolean;
  voucherUrl: string;
}): OutgoingMail {
  const dates = `${stayDay(input.checkIn)} to ${stayDay(input.checkOut)}`;
  const paragraphs = input.confirmed
    ? [
        greeting(input.firstName),
        `Good news: ${input.item} has confirmed your stay from ${dates}.`,
        "Your voucher is now Booked. The merchant will send your travel documents within 3 working days.",
      ]
    : [
        greeting(input.firstName),
        `Sorry: ${input.item} could not confirm your stay from ${dates}.`,
        "Your voucher is still valid: please choose other dates on your voucher's page.",
      ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: input.confirmed ? `Your ${BRANDS[input.brand].displayName} stay is confirmed` : `Please choose other dates for your ${BRANDS[input.brand].displayName} stay`,
    text: [...paragraphs, `Your voucher: ${input.voucherUrl}`].join("\n\n"),
    html: layout(input.brand, paragraphs, { label: input.confirmed ? "See your booking" : "Choose other dates", url: input.voucherUrl }),
  };
}
