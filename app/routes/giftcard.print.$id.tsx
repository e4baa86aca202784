import { parseRecordId } from "../../lib/input";
import { findPrintableGiftCard } from "../../modules/gift-cards/buyer-gift-cards";
import { renderGiftCardPdf } from "../../modules/gift-cards/gift-card-pdf";
import { redeemUrl } from "../../modules/gift-cards/issue-gift-cards";
import { requireCustomer } from "../../server/accounts/redirects";
import { shownError } from "../../server/errors";
import type { Route } from "./+types/giftcard.print.$id";

const textAnswer = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });

/**
 * /giftcard/print/{id}: a gift card its buyer prints to hand over, as a PDF. Only the buyer gets
 * it, and only for a card not emailed to someone (that code is the recipient's): for anyone else
 * it does not exist (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const giftCardId = parseRecordId(params.id);
  const card = giftCardId === null ? null : await findPrintableGiftCard(context.db, customer.id, giftCardId);
  if (!card) return textAnswer(404, "Page not found");
  try {
    const pdf = await renderGiftCardPdf({
      brandName: context.brand.displayName,
      amount: card.amount,
      currency: card.currency,
      code: card.code,
      recipientName: card.recipientName,
      senderName: customer.firstName,
      message: card.message,
      expiresAt: card.expiresAt,
      redeemUrl: redeemUrl(context.publicOrigin),
    });
    return new Response(new Uint8Array(pdf), {
      headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="gift-card-${card.id}.pdf"`, "cache-control": "private, no-store" },
    });
  } catch (error) {
    const answer = shownError(error);
    return textAnswer(answer.status, answer.message);
  }
}
