import { brandedPdfPage } from "../../lib/pdf-page";
import { type Currency, formatMoney } from "../../lib/money";
import { giftCardError } from "./errors";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export interface PrintableGiftCard {
  brandName: string;
  amount: number;
  currency: Currency;
  code: string;
  recipientName: string | null;
  senderName: string;
  message: string | null;
  expiresAt: Date;
  /** Where to redeem it: {publicOrigin}/giftcard/redeem. */
  redeemUrl: string;
}

/**
 * The gift card to print and hand over: amount, who it is for and from, the message, the code in
 * large type (case matters, so a monospaced face) and how to redeem it. A drawing failure is the
 * spec's unexpected error.
 */
export async function renderGiftCardPdf(card: PrintableGiftCard, options: { compress?: boolean } = {}): Promise<Buffer> {
  try {
    const amount = formatMoney(card.amount, card.currency);
    const { doc, left, width, finish } = brandedPdfPage(
      { brandName: card.brandName, title: `${card.brandName} gift card`, subject: `${amount} gift card`, subtitle: "Gift card" },
      options,
    );
    doc.moveTo(left, 120).lineTo(left + width, 120).strokeColor("#dddddd").stroke();
    doc.font("Helvetica-Bold").fontSize(40).fillColor("#111111").text(amount, left, 150, { width });
    doc.moveDown(0.5).font("Helvetica").fontSize(14);
    if (card.recipientName) doc.text(`For ${card.recipientName}`, { width });
    if (card.senderName) doc.text(`From ${card.senderName}`, { width });
    if (card.message) doc.moveDown(0.5).font("Helvetica-Oblique").text(`"${card.message}"`, { width });
    doc.moveDown(1).font("Helvetica").fontSize(11).text("Gift card code (case sensitive)", { width });
    doc.font("Courier-Bold").fontSize(26).text(card.code, { width });
    doc.moveDown(0.8).font("Helvetica").fontSize(11);
    doc.text(`Redeem it at ${card.redeemUrl}: sign in, enter the code exactly as shown, and the ${amount} goes into your wallet.`, { width });
    doc.text(`Valid until ${dateFormat.format(card.expiresAt)}.`, { width });
    return await finish();
  } catch {
    throw giftCardError("PDF_FAILED");
  }
}
