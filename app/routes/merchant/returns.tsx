import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { listMerchantOpenReturns } from "../../../modules/returns/merchant-returns";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { formatPortalDate } from "../../components/merchant/portal-format";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { Pagination } from "../../components/Pagination";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import { receiveAction } from "../../merchant/returns.server";
import type { Route } from "./+types/returns";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Returns");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const REFERENCE_FIELD = "return-reference";

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const page = Math.min(Number(new URL(request.url).searchParams.get("page")) || 1, 10_000);
  return { ...(await listMerchantOpenReturns(context.db, merchant.user.merchantId, page)), csrfToken: context.session.csrfToken(), timeZone: portalTimeZone(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  return receiveAction(context, merchant, await request.formData());
}

export default function MerchantReturns({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const success = useRef<HTMLDivElement>(null);
  useFocusOnChange(success, actionData?.success ? actionData : null);
  const { timeZone } = loaderData;
  const date = (value: string | null) => (value ? formatPortalDate(value, timeZone) : "–");
  const fieldError = actionData?.fieldError;
  return (
    <section aria-labelledby="returns-heading">
      <h1 id="returns-heading" className="mb-4 text-2xl font-bold">
        Returns
      </h1>
      <ErrorSummary errors={fieldError ? [{ fieldId: REFERENCE_FIELD, message: fieldError }] : []} />
      {actionData?.success && (
        <div ref={success} tabIndex={-1} role="status" className="mb-4 max-w-xl rounded border border-green-700 bg-green-50 px-3 py-2 text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-brand">
          <p className="font-bold">{actionData.success}</p>
          <p>
            Return reference <span className="font-mono">{actionData.reference}</span>
          </p>
        </div>
      )}
      <h2 className="mb-2 text-xl font-bold">Confirm a return has arrived</h2>
      <Form method="post" noValidate className="mb-8 flex max-w-xl flex-wrap items-end gap-3">
        <CsrfField token={loaderData.csrfToken} />
        <div className="min-w-64 flex-1">
          <label htmlFor={REFERENCE_FIELD} className="mb-1 block font-bold">
            Return reference
          </label>
          <p id={`${REFERENCE_FIELD}-hint`} className="mb-1 text-sm text-gray-700">
            As printed on the returns label, e.g. RTN-7KQ2-M9XD-4HBT.
          </p>
          <input
            id={REFERENCE_FIELD}
            name="reference"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={actionData?.success ? "" : (actionData?.reference ?? "")}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${REFERENCE_FIELD}-hint ${REFERENCE_FIELD}-error` : `${REFERENCE_FIELD}-hint`}
            className={`${FIELD_INPUT_CLASS} font-mono uppercase`}
          />
          {fieldError && (
            <p id={`${REFERENCE_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
          Confirm receipt
        </button>
      </Form>
      <h2 className="mb-2 text-xl font-bold">Open returns</h2>
      {loaderData.returns.length === 0 ? (
        <p>No returns are open.</p>
      ) : (
        <DataTable look="portal" caption="Open returns, newest first" columns={["Reference", "Item", "Reason", "Status", "Requested", "Posted", "Received"]}>
          {loaderData.returns.map((ret) => (
            <tr key={ret.id} className="border-b border-gray-200">
              <td className="p-2 font-mono">{ret.reference}</td>
              <td className="p-2">
                {ret.dealTitle}, {ret.productName} (order {ret.orderId})
              </td>
              <td className="p-2">{ret.reason}</td>
              <td className="p-2">{ret.status}</td>
              <td className="p-2">{date(ret.createdAt)}</td>
              <td className="p-2">{date(ret.postedAt)}</td>
              <td className="p-2">{date(ret.receivedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination basePath="/merchant/returns" page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}
