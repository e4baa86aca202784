import { parseRecordId } from "../../lib/input";
import { findMyVoucher } from "../../modules/my-vouchers/my-vouchers";
import { printableStayLines } from "../../modules/my-vouchers/voucher-stay";
import { renderVoucherPdf } from "../../modules/vouchers/voucher-pdf";
import { requireCustomer } from "../../server/accounts/redirects";
import { shownError } from "../../server/errors";
import { readyOnText } from "../components/vouchers/voucher-format";
import type { Route } from "./+types/print-voucher";

const textAnswer = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });

const GIFTED_TEXT = "This voucher was given as a gift: its code is with the person you gave it to.";

/**
 * /deal/print-voucher?voucherId=…: the printable voucher as a PDF with its QR code. Only the
 * voucher's buyer (not once they have given it as a gift) or the holder of a claimed gift gets it; for anyone else it does not exist (404, never "forbidden"). Before the
 * voucher is available there is nothing to print yet: the answer says when there will be.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const idText = new URL(request.url).searchParams.get("voucherId") ?? "";
  const voucherId = parseRecordId(idText);
  if (voucherId === null) return textAnswer(404, "Page not found");
  const voucher = await findMyVoucher(context.db, customer.id, voucherId, context.clock.now());
  if (!voucher) return textAnswer(404, "Page not found");
  if (voucher.gift?.state === "GIFTED") return textAnswer(409, GIFTED_TEXT);
  if (voucher.code === null) return textAnswer(409, readyOnText(voucher.availableAt.toISOString()));
  try {
    const pdf = await renderVoucherPdf({
      ...voucher,
      brandName: context.brand.displayName,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      stayLines: await printableStayLines(context.db, voucher.id),
    });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="voucher-${voucher.code}.pdf"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    const answer = shownError(error);
    return textAnswer(answer.status, answer.message);
  }
}
