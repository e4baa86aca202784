import { eachAdminDeal } from "../../../modules/catalog/admin-deals";
import { adminDealsCsv } from "../../../modules/catalog/admin-deals-csv";
import { dealsQueryFromUrl } from "../../admin/deals-filter.server";
import { requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/deals-csv";

/** Every deal the table's search matches, as CSV, streamed as it is read (the whole catalogue if unfiltered). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/deals.csv");
  const { query } = dealsQueryFromUrl(new URL(request.url));
  const chunks = adminDealsCsv(eachAdminDeal(context.db, query));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="deals.csv"', "Cache-Control": "private, no-store" },
  });
}
