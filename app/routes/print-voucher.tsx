import { parseRecordId } from "../../lib/input";
import { findCustomerVoucher } from "../../modules/vouchers/list-vouchers";
import { renderVoucherPdf } from "../../modules/vouchers/voucher-pdf";
import { requireCustomer } from "../../server/accounts/redirects";
import type { Route } from "./+types/print-voucher";

const notFound = () => new Response("Page not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * /deal/print-voucher?voucherId=…: the printable voucher as a PDF with its QR code. Only the
 * voucher's owner gets it; for anyone else it does not exist (404, never "forbidden").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const idText = new URL(request.url).searchParams.get("voucherId") ?? "";
  const voucherId = parseRecordId(idText);
  if (voucherId === null) return notFound();
  const voucher = await findCustomerVoucher(context.db, customer.id, voucherId, context.clock.now());
  if (!voucher) return notFound();
  const pdf = await renderVoucherPdf({
    ...voucher,
    brandName: context.brand.displayName,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="voucher-${voucher.code}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
