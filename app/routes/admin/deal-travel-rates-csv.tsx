import { travelRatesCsv } from "../../../modules/deal-pipeline/travel-rates-csv";
import { requireAdminPage } from "../../admin/guard.server";
import { ratesOfDeal, travelDealOf } from "../../admin/travel-rates.server";
import type { Route } from "./+types/deal-travel-rates-csv";

/** A travel deal's nights and rates from today, in the columns staff load again. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/deals/:id/travel-rates.csv");
  const deal = await travelDealOf(context, params.id);
  const { lines } = await ratesOfDeal(context, deal);
  return new Response(travelRatesCsv(lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deal-${deal.id}-nights-and-rates.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
