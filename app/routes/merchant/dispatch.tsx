import { useRef } from "react";
import { Link, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { ErrorSummary } from "../../components/ErrorSummary";
import { shipmentFieldIds, ShipmentCard } from "../../components/merchant/ShipmentCard";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { Pagination } from "../../components/Pagination";
import { dispatchAction, loadShipments } from "../../merchant/dispatch.server";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/dispatch";

export const meta = accountMeta("Orders to dispatch");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  return { ...(await loadShipments(context, merchant, new URL(request.url))), csrfToken: context.session.csrfToken(), timeZone: portalTimeZone(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  return dispatchAction(context, merchant, await request.formData());
}

const FILTERS = [
  { filter: "PROCESSING", label: "Processing", search: "" },
  { filter: "DISPATCHED", label: "Dispatched", search: "?status=dispatched" },
] as const;

export default function MerchantDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const success = useRef<HTMLParagraphElement>(null);
  useFocusOnChange(success, actionData?.success ? actionData : null);
  const { filter } = loaderData;
  const ids = actionData?.voucherId ? shipmentFieldIds(actionData.voucherId) : null;
  const errors = [
    ...(ids && actionData?.fieldErrors?.courier ? [{ fieldId: ids.courier, message: actionData.fieldErrors.courier }] : []),
    ...(ids && actionData?.fieldErrors?.trackingNumber ? [{ fieldId: ids.trackingNumber, message: actionData.fieldErrors.trackingNumber }] : []),
    ...(actionData?.formError ? [{ fieldId: ids?.card ?? "dispatch-heading", message: actionData.formError }] : []),
  ];
  return (
    <section aria-labelledby="dispatch-heading">
      <h1 id="dispatch-heading" className="mb-4 text-2xl font-bold">
        Orders to dispatch
      </h1>
      <ErrorSummary errors={errors} />
      {actionData?.success && (
        <p ref={success} tabIndex={-1} role="status" className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-brand">
          {actionData.success}
        </p>
      )}
      <nav aria-label="Filter orders" className="mb-4">
        <ul className="flex gap-2">
          {FILTERS.map((item) => (
            <li key={item.filter}>
              <Link
                to={`/merchant/dispatch${item.search}`}
                aria-current={item.filter === filter ? "page" : undefined}
                className={`inline-block rounded px-4 py-2 ring-1 ring-gray-300 hover:bg-gray-100 ${item.filter === filter ? "bg-gray-100 font-bold text-brand-dark" : "bg-white"}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.shipments.length === 0 ? (
        <p>{filter === "PROCESSING" ? "No orders are waiting to be dispatched." : "No dispatched orders are waiting to be marked as delivered."}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {loaderData.shipments.map((shipment) => (
            <ShipmentCard
              key={shipment.voucherId}
              shipment={shipment}
              couriers={loaderData.couriers}
              state={actionData?.voucherId === shipment.voucherId && !actionData.success ? actionData : undefined}
              csrfToken={loaderData.csrfToken}
              timeZone={loaderData.timeZone}
              busy={busy}
            />
          ))}
        </ul>
      )}
      <Pagination basePath="/merchant/dispatch" page={loaderData.page} pageCount={loaderData.pageCount} search={filter === "DISPATCHED" ? "status=dispatched" : ""} />
    </section>
  );
}
