import { payoutStatementCsv, payoutStatementPdf } from "../../modules/payouts/payout-statement";
import { payoutLineViews, type PayoutSummary } from "../../modules/payouts/read-payouts";
import type { RequestServices } from "../../server/context";

/**
 * A payout's statement as a download, CSV or PDF: the same file whether finance or the merchant
 * asks (each page checks who may see which payout first). Never cached.
 */
export async function payoutStatementDownload(context: RequestServices, payout: PayoutSummary, format: "csv" | "pdf", timeZone: string): Promise<Response> {
  const lines = await payoutLineViews(context.db, payout.id);
  const name = `payout-${payout.id}-statement.${format}`;
  const headers = { "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" };
  if (format === "csv") return new Response(payoutStatementCsv(payout, lines, timeZone), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  const pdf = await payoutStatementPdf(payout, lines, { brandName: context.brand.displayName, timeZone });
  return new Response(new Uint8Array(pdf), { headers: { ...headers, "Content-Type": "application/pdf" } });
}
