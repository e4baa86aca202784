import { data, Form, Link, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { findOrderProgress } from "../../../modules/delivery/order-progress";
import { RETURN_COMMENTS_MAX, RETURN_REASONS } from "../../../modules/returns/return-reasons";
import { findReturnableVoucher } from "../../../modules/returns/returnable-voucher";
import { startReturn } from "../../../modules/returns/start-return";
import { requireCustomer } from "../../../server/accounts/redirects";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { OrderProgress } from "../../components/vouchers/OrderProgress";
import type { Route } from "./+types/vouchers.$id.return";

export const meta = accountMeta("Return an item");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const REASON_FIELD = "return-reason";
const COMMENTS_FIELD = "return-comments";
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

async function returnableVoucher({ params, request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const voucherId = parseRecordId(params.id);
  const found = voucherId === null ? null : await findReturnableVoucher(context.db, { customerId: customer.id, voucherId, now: context.clock.now() });
  if (!found) throw data("Page not found", { status: 404 });
  return { customer, found };
}

/**
 * Start a return of a delivered item: the reason (none chosen for the shopper), comments, then
 * the label. The item's order progress shows where it is (a return opens once it is delivered).
 */
export async function loader(args: Route.LoaderArgs) {
  const { customer, found } = await returnableVoucher(args);
  const { voucher, option } = found;
  return {
    csrfToken: args.context.session.csrfToken(),
    progress: await findOrderProgress(args.context.db, customer.id, voucher.id),
    item: { dealTitle: voucher.dealTitle, productName: voucher.productName, merchantName: voucher.merchantName, orderId: voucher.orderId },
    returnable: option.allowed ? { until: option.until.toISOString() } : null,
    notReturnableReason: option.allowed ? null : option.reason,
  };
}

interface ReturnFormResult {
  values?: { reason: string; comments: string };
  fieldErrors?: { reason?: string; comments?: string };
  formError?: string;
  started?: { reference: string; labelPath: string };
}

export async function action(args: Route.ActionArgs) {
  const { customer, found } = await returnableVoucher(args);
  const form = await args.request.formData();
  const values = { reason: formText(form, "reason"), comments: formText(form, "comments") };
  try {
    const started = await startReturn(
      { db: args.context.db, clock: args.context.clock },
      { customerId: customer.id, voucherId: found.voucher.id, reason: values.reason, comments: values.comments, linkOrigin: args.context.publicOrigin },
    );
    return data<ReturnFormResult>({ started: { reference: started.reference, labelPath: started.labelPath } });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "REASON_REQUIRED") return data<ReturnFormResult>({ values, fieldErrors: { reason: shown.message } }, { status: shown.status });
    if (shown.code === "COMMENTS_TOO_LONG") return data<ReturnFormResult>({ values, fieldErrors: { comments: shown.message } }, { status: shown.status });
    return data<ReturnFormResult>({ values, formError: shown.message }, { status: shown.status });
  }
}

function Started({ started }: { started: NonNullable<ReturnFormResult["started"]> }) {
  return (
    <div role="status">
      <p className="mb-2 text-lg font-bold">Your return has started.</p>
      <p className="mb-4">
        Your return reference is <span className="font-mono font-bold">{started.reference}</span>. We've emailed you the label too.
      </p>
      <ol className="mb-4 list-inside list-decimal">
        <li>Print the returns label and stick it on the parcel.</li>
        <li>Post it, then press "I've posted it" in My Returns.</li>
        <li>Once the merchant has received it, we aim to refund you within 5 days.</li>
      </ol>
      <p className="flex flex-wrap gap-4">
        <a href={started.labelPath} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
          Print your returns label (PDF)
        </a>
        <Link to="/myaccount/returns" className="px-2 py-3 font-bold text-brand-dark underline">
          Go to My Returns
        </Link>
      </p>
    </div>
  );
}

export default function ReturnItem({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { item } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const summary = [
    ...(errors.reason ? [{ fieldId: REASON_FIELD, message: errors.reason }] : []),
    ...(errors.comments ? [{ fieldId: COMMENTS_FIELD, message: errors.comments }] : []),
  ];
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-2 text-2xl font-bold">Return an item</h1>
      <p className="mb-6">
        <span className="font-bold">{item.dealTitle}</span>, {item.productName} from {item.merchantName} (order {item.orderId})
      </p>
      {loaderData.progress && !actionData?.started && (
        <div className="mb-6">
          <OrderProgress progress={loaderData.progress} />
        </div>
      )}
      {actionData?.started ? (
        <Started started={actionData.started} />
      ) : loaderData.returnable ? (
        <>
          <ErrorSummary errors={summary} />
          <AccountFormMessage error={actionData?.formError} />
          <p className="mb-4">
            You can return this item until <time dateTime={loaderData.returnable.until}>{dateFormat.format(new Date(loaderData.returnable.until))}</time>.
          </p>
          <Form method="post" noValidate className="max-w-md">
            <CsrfField token={loaderData.csrfToken} />
            <div className="mb-4">
              <label htmlFor={REASON_FIELD} className="mb-1 block font-bold">
                Reason for return
              </label>
              <select
                id={REASON_FIELD}
                name="reason"
                defaultValue={actionData?.values?.reason ?? ""}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${REASON_FIELD}-error` : undefined}
                className={FIELD_INPUT_CLASS}
              >
                <option value="">Please choose…</option>
                {Object.entries(RETURN_REASONS).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
              {errors.reason && (
                <p id={`${REASON_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
                  {errors.reason}
                </p>
              )}
            </div>
            <div className="mb-4">
              <label htmlFor={COMMENTS_FIELD} className="mb-1 block font-bold">
                Comments (optional)
              </label>
              <p id={`${COMMENTS_FIELD}-hint`} className="mb-1 text-sm text-gray-700">
                Up to {RETURN_COMMENTS_MAX} characters.
              </p>
              <textarea
                id={COMMENTS_FIELD}
                name="comments"
                rows={4}
                defaultValue={actionData?.values?.comments ?? ""}
                aria-invalid={errors.comments ? true : undefined}
                aria-describedby={errors.comments ? `${COMMENTS_FIELD}-hint ${COMMENTS_FIELD}-error` : `${COMMENTS_FIELD}-hint`}
                className={FIELD_INPUT_CLASS}
              />
              {errors.comments && (
                <p id={`${COMMENTS_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
                  {errors.comments}
                </p>
              )}
            </div>
            <AccountSubmit busy={busy}>Start return</AccountSubmit>
          </Form>
        </>
      ) : (
        <p role="status" className="rounded border border-gray-300 bg-gray-50 px-3 py-2">
          {loaderData.notReturnableReason}{" "}
          <Link to="/myaccount/returns" className="font-bold text-brand-dark underline">
            See My Returns
          </Link>
        </p>
      )}
    </section>
  );
}
