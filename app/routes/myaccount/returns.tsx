import { data, Form, Link, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { listReturns } from "../../../modules/returns/list-returns";
import { postReturn } from "../../../modules/returns/post-return";
import { withdrawReturn } from "../../../modules/returns/withdraw-return";
import { requireCustomer } from "../../../server/accounts/redirects";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { Pagination } from "../../components/Pagination";
import type { Route } from "./+types/returns";

export const meta = accountMeta("My Returns");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** My Returns: the customer's returns, newest first, 20 per page (spec §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  return { csrfToken: context.session.csrfToken(), ...(await listReturns(context.db, customer.id, page)) };
}

interface ReturnsFormResult {
  success?: string;
  formError?: string;
}

/** "I've posted it" and "Withdraw return" on a return not yet posted. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const form = await request.formData();
  const returnId = parseRecordId(formText(form, "returnId"));
  if (returnId === null) throw data("Page not found", { status: 404 });
  const services = { db: context.db, clock: context.clock };
  try {
    if (formText(form, "intent") === "withdraw") {
      await withdrawReturn(services, { customerId: customer.id, returnId });
      return data<ReturnsFormResult>({ success: "Your return has been withdrawn. You can still start a new one within the return period." });
    }
    await postReturn(services, { customerId: customer.id, returnId });
    return data<ReturnsFormResult>({ success: "Thank you: we've noted that your return is on its way to the merchant." });
  } catch (error) {
    const shown = shownError(error);
    return data<ReturnsFormResult>({ formError: shown.message }, { status: shown.status });
  }
}

const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;

export default function MyReturns({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My Returns</h1>
      <AccountFormMessage error={actionData?.formError} success={actionData?.success} />
      {loaderData.returns.length === 0 ? (
        <p>
          You have no returns. You can return a delivered item from <Link to="/myaccount/vouchers" className="font-bold text-brand-dark underline">My Vouchers</Link>.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.returns.map((ret) => (
            <li key={ret.id} className="rounded border border-gray-300 p-4" data-testid="return">
              <h2 className="font-bold">{ret.dealTitle}</h2>
              <p className="text-sm">
                {ret.productName} · {ret.merchantName} · order {ret.orderId}
              </p>
              <p className="mt-1">
                Reference: <span className="font-mono font-bold">{ret.reference}</span>
              </p>
              <p>
                Status: <span className="font-bold">{ret.status}</span> · Started {when(ret.createdAt)}
                {ret.postedAt && <> · Posted {when(ret.postedAt)}</>}
                {ret.receivedAt && <> · Received by the merchant {when(ret.receivedAt)}</>}
              </p>
              <p className="text-sm">Reason: {ret.reason}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <a href={ret.labelPath} className="rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50">
                  Returns label (PDF)<span className="sr-only"> for {ret.reference}</span>
                </a>
                {ret.awaitingPosting && (
                  <>
                    <Form method="post">
                      <CsrfField token={loaderData.csrfToken} />
                      <input type="hidden" name="returnId" value={ret.id} />
                      <button type="submit" name="intent" value="posted" disabled={busy} className="rounded bg-brand px-3 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
                        I've posted it<span className="sr-only"> ({ret.reference})</span>
                      </button>
                    </Form>
                    <Form method="post">
                      <CsrfField token={loaderData.csrfToken} />
                      <input type="hidden" name="returnId" value={ret.id} />
                      <button type="submit" name="intent" value="withdraw" disabled={busy} className="rounded px-3 py-2 font-bold text-alert underline disabled:opacity-70">
                        Withdraw return<span className="sr-only"> ({ret.reference})</span>
                      </button>
                    </Form>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination basePath="/myaccount/returns" page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}
