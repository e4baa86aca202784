import { data, Form, Link, useNavigation } from "react-router";
import { formatMoney } from "../../lib/money";
import type { VipRefundForm } from "../../modules/vip-rewards/refund-form";
import { VIP_REFUND_ERRORS, VIP_REFUND_SUBMITTED_MESSAGE } from "../../modules/vip-rewards/refund-errors";
import type { VipRefundChoice } from "../../modules/vip-rewards/schema";
import { answerRefundLink, openRefundLink } from "../../server/vip/refund-link";
import { tokenLinkMeta } from "../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { CsrfField } from "../components/CsrfField";
import { ErrorSummary } from "../components/ErrorSummary";
import type { Route } from "./+types/vip-refund";

const TITLE = "Your VIP refund";

export const meta = tokenLinkMeta(TITLE);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** What the page shows of a request (dates as text for the browser). */
function view(form: VipRefundForm) {
  return {
    status: form.status,
    open: form.open,
    choice: form.choice,
    paid: formatMoney(form.paidAmount, form.currency),
    extraCredit: formatMoney(form.extraCredit, form.currency),
    expiresAt: form.expiresAt.toISOString(),
  };
}

type Problem = { message: string };

/**
 * The VIP cash-refund form (spec §2, §6: existing or former VIPs, by emailed invitation only;
 * docs/decisions/vip-refund-form.md). The emailed link carries a random token (stored hashed); a
 * token that names nothing counts as a guess (GUESS_LIMITS.vipRefundLink).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const csrfToken = context.session.csrfToken();
  const outcome = await openRefundLink(context, token);
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.retryAfterSeconds === undefined ? {} : { "Retry-After": String(outcome.retryAfterSeconds) };
    return data({ csrfToken, token: "", request: null, problem: { message: outcome.message } as Problem }, { status: outcome.status, headers });
  }
  const { form } = outcome;
  if (form.status === "INVITED" && !form.open) {
    return data({ csrfToken, token: "", request: null, problem: { message: VIP_REFUND_ERRORS.LINK_EXPIRED.message } as Problem }, { status: 410 });
  }
  return { csrfToken, token, request: view(form), problem: null as Problem | null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await answerRefundLink(context, formText(form, "token"), formText(form, "choice"));
  if (outcome.ok) return { submitted: view(outcome.form), error: null, code: null };
  const headers: HeadersInit = outcome.retryAfterSeconds === undefined ? {} : { "Retry-After": String(outcome.retryAfterSeconds) };
  return data({ submitted: null, error: outcome.message, code: outcome.code }, { status: outcome.status, headers });
}

const CHOICE_FIELD = "choice-cash_refund";

function Choice({ value, title, hint }: { value: VipRefundChoice; title: string; hint: string }) {
  return (
    <div className="mb-3 flex items-start gap-3 rounded border border-gray-300 p-3">
      <input id={`choice-${value}`} type="radio" name="choice" value={value} className="mt-1 h-5 w-5" aria-describedby={`choice-${value}-hint`} />
      <label htmlFor={`choice-${value}`} className="flex-1">
        <span className="block font-bold">{title}</span>
        <span id={`choice-${value}-hint`} className="block text-sm">
          {hint}
        </span>
      </label>
    </div>
  );
}

const CHOSEN: Record<VipRefundChoice, string> = {
  cash_refund: "You asked for a cash refund to the card you paid with. Your VIP membership ends when it is made.",
  extra_credit: "You asked for wallet credit with an extra 20%. Your VIP membership ends when it is added.",
  stay_vip: "You chose to keep your payment and stay VIP: nothing will be refunded.",
};

function Submitted({ request }: { request: ReturnType<typeof view> }) {
  return (
    <div role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2" data-testid="vip-refund-submitted">
      <p className="font-bold text-green-800">{VIP_REFUND_SUBMITTED_MESSAGE}</p>
      {request.choice && <p className="mt-2">{CHOSEN[request.choice]}</p>}
      <p className="mt-2">We'll email you when it's done.</p>
    </div>
  );
}

function Answered({ request }: { request: ReturnType<typeof view> }) {
  const text =
    request.status === "REQUESTED"
      ? "We have your answer and are dealing with it."
      : request.status === "PROCESSED"
        ? "Your VIP refund request has been dealt with: we emailed you what happened."
        : "This VIP refund request was closed. Please contact customer services if you have questions.";
  return (
    <div role="status" className="rounded border border-gray-300 bg-gray-50 px-3 py-2" data-testid="vip-refund-answered">
      <p className="font-bold">{text}</p>
      {request.choice && <p className="mt-2">{CHOSEN[request.choice]}</p>}
    </div>
  );
}

export default function VipRefund({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { request, problem } = loaderData;
  const submitted = actionData?.submitted ?? null;
  const error = actionData?.error ?? null;
  const choiceMissing = actionData?.code === "CHOICE_REQUIRED";
  return (
    <section className="mx-auto max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">{TITLE}</h1>
      {problem || !request ? (
        <p role="alert" className="rounded border border-alert p-3 font-bold text-alert">
          {problem?.message}
        </p>
      ) : submitted ? (
        <Submitted request={submitted} />
      ) : !request.open ? (
        <Answered request={request} />
      ) : (
        <>
          <ErrorSummary errors={error ? [{ fieldId: CHOICE_FIELD, message: error }] : []} />
          <p className="mb-4">
            You paid <strong>{request.paid}</strong> for VIP. Tell us what you'd like: nothing is chosen for you.
          </p>
          <Form method="post" noValidate>
            <CsrfField token={loaderData.csrfToken} />
            <input type="hidden" name="token" value={loaderData.token} />
            <fieldset className="mb-6" aria-describedby={choiceMissing ? "choice-error" : undefined}>
              <legend className="mb-2 font-bold">What would you like us to do?</legend>
              {choiceMissing && (
                <p id="choice-error" className="mb-2 text-sm font-bold text-alert">
                  {error}
                </p>
              )}
              <Choice value="cash_refund" title={`A cash refund of ${request.paid}`} hint="Back to the card you paid with, within 7 days if eligible. Your VIP membership ends." />
              <Choice
                value="extra_credit"
                title={`${request.extraCredit} of wallet credit (an extra 20%)`}
                hint="Added to your wallet within 3 working days, to spend on any deal within 12 months. Your VIP membership ends."
              />
              <Choice value="stay_vip" title="Keep my payment and stay VIP" hint="Nothing is refunded: you keep your VIP prices and benefits." />
            </fieldset>
            <button type="submit" disabled={busy} className="w-full rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Send my answer
            </button>
          </Form>
          <p className="mt-6 text-sm">
            Questions? See the{" "}
            <Link to="/page/vip-terms-and-conditions" className="font-bold text-brand-dark underline">
              VIP terms and conditions
            </Link>
            .
          </p>
        </>
      )}
    </section>
  );
}
