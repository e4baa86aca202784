import { BRANDS, type BrandId } from "../../lib/brand";
import { formatMoney } from "../../lib/money";
import { brandSender, escapeHtml } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";
import type { PlacedOrder } from "./find-orders";

export interface ConfirmedItem {
  title: string;
  quantity: number;
  lineTotal: number;
  /** The codes the buyer may see now (codeVisibility decides: none before they are ready, none of an E-gift). */
  voucherCodes: string[];
  /** An E-gift's recipient: their codes are not in the buyer's email (they claim them with gift codes). */
  giftedTo?: string | null;
}

const giftNote = (item: ConfirmedItem) => (item.giftedTo ? `Sent as an E-gift to ${item.giftedTo}: they get a gift code by email to claim it.` : null);

const expiryFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const readyFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/**
 * The order confirmation: what was bought, what was paid, and the voucher codes once they are
 * ready (spec §9: vouchers are available 24 hours after purchase; until then the email says when).
 */
export function orderConfirmationEmail(input: {
  brand: BrandId;
  firstName: string;
  order: PlacedOrder;
  items: readonly ConfirmedItem[];
  vouchersExpireAt: Date;
  /** When the codes become usable. */
  vouchersReadyAt: Date;
  sentAt: Date;
  origin: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const { order } = input;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const vouchersUrl = `${input.origin}/myaccount/vouchers`;
  const ready = input.vouchersReadyAt.getTime() <= input.sentAt.getTime();
  const { items } = input;
  const itemLines = items.map(
    (item) =>
      `${item.quantity} × ${item.title}: ${money(item.lineTotal)}${item.voucherCodes.length > 0 ? `\nVoucher codes: ${item.voucherCodes.join(", ")}` : ""}${giftNote(item) ? `\n${giftNote(item)}` : ""}`,
  );
  const paid = [
    order.walletAmountUsed > 0 ? `Wallet credit: ${money(order.walletAmountUsed)}` : null,
    `Paid${order.cardType ? ` by ${order.cardType}` : ""}: ${money(order.total)}`,
  ].filter((line): line is string => line !== null);
  const readiness = ready
    ? `Your vouchers are ready to redeem and valid until ${expiryFormat.format(input.vouchersExpireAt)}.`
    : `Your vouchers will be ready on ${readyFormat.format(input.vouchersReadyAt)} in My Vouchers, and valid until ${expiryFormat.format(input.vouchersExpireAt)}.`;
  const intro = `${input.firstName ? `Hi ${input.firstName},` : "Hi,"}\n\nThank you for your order ${order.id}. ${readiness}`;
  const text = [intro, itemLines.join("\n\n"), paid.join("\n"), `See and print your vouchers in My Vouchers: ${vouchersUrl}`].join("\n\n");

  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding: 4px 8px">${item.quantity} × ${escapeHtml(item.title)}</td><td style="padding: 4px 8px; text-align: right">${escapeHtml(money(item.lineTotal))}</td></tr>` +
        (item.voucherCodes.length > 0
          ? `<tr><td colspan="2" style="padding: 0 8px 8px">Voucher codes: <strong style="font-family: monospace">${item.voucherCodes.map(escapeHtml).join(", ")}</strong></td></tr>`
          : "") +
        (giftNote(item) ? `<tr><td colspan="2" style="padding: 0 8px 8px">${escapeHtml(giftNote(item)!)}</td></tr>` : ""),
    )
    .join("\n");
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    ...intro.split("\n\n").map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<table style="border-collapse: collapse">${rows}</table>`,
    ...paid.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(vouchersUrl)}" style="font-weight: bold">See your vouchers</a></p>`,
    `</div>`,
  ].join("\n");
  return { from: brandSender(input.brand), to: order.email, subject: `Your ${brand.displayName} order ${order.id} is confirmed`, text, html };
}
