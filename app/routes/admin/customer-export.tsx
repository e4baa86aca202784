import { exportShopper } from "../../../modules/customer-service/shopper-privacy";
import { CUSTOMER_SERVICE_ERRORS } from "../../../modules/customer-service/errors";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/customer-export";

/** Everything held about a shopper as a JSON download (subject access); the download is audited. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/customers/:id/export.json");
  const file = await adminRecordOr404(params.id, (customerId) => exportShopper(context.db, context.clock, actor, customerId), CUSTOMER_SERVICE_ERRORS.UNKNOWN_SHOPPER.message);
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="shopper-${params.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
