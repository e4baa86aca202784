import { data, Form, useNavigation } from "react-router";
import { formatMoney } from "../../lib/money";
import { GIFT_CARD_REDEEMED_MESSAGE } from "../../modules/gift-cards/errors";
import { requireCustomer } from "../../server/accounts/redirects";
import { redeemWithinGuessLimit } from "../../server/buying/gift-cards";
import { accountMeta } from "../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { CsrfField } from "../components/CsrfField";
import { ErrorSummary } from "../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../components/LabelledField";
import type { Route } from "./+types/giftcard.redeem";

export const meta = accountMeta("Redeem Gift Card");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const CODE_FIELD = "giftcard-code";

export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return { csrfToken: context.session.csrfToken() };
}

interface RedeemFormResult {
  code?: string;
  error?: string;
  redeemed?: { amount: string };
}

/** Redeems the typed code into the shopper's wallet (spec §8 texts), within the guessing limit. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const code = formText(await request.formData(), "code");
  const outcome = await redeemWithinGuessLimit(context, customer.id, code);
  if (outcome.ok) return data<RedeemFormResult>({ redeemed: { amount: formatMoney(outcome.redeemed.amount, outcome.redeemed.currency) } });
  const headers: HeadersInit = outcome.retryAfterSeconds === undefined ? {} : { "Retry-After": String(outcome.retryAfterSeconds) };
  return data<RedeemFormResult>({ code, error: outcome.message }, { status: outcome.status, headers });
}

export default function RedeemGiftCard({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">Redeem Gift Card</h1>
      {actionData?.redeemed && (
        <div role="status" className="mb-6 rounded border border-green-700 bg-green-50 px-3 py-2">
          <p className="font-bold text-green-800">{GIFT_CARD_REDEEMED_MESSAGE}</p>
          <p>
            <span data-testid="redeemed-amount">{actionData.redeemed.amount}</span> has been added to your wallet.{" "}
            <a href="/myaccount/wallet" className="font-bold text-brand-dark underline">
              See your wallet
            </a>
          </p>
        </div>
      )}
      <ErrorSummary errors={error ? [{ fieldId: CODE_FIELD, message: error }] : []} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <label htmlFor={CODE_FIELD} className="mb-1 block font-bold">
          Gift card code
        </label>
        <p id={`${CODE_FIELD}-hint`} className="mb-2 text-sm text-gray-700">
          Enter the code exactly as it is written: capital and small letters matter.
        </p>
        <input
          id={CODE_FIELD}
          name="code"
          defaultValue={actionData?.redeemed ? "" : actionData?.code}
          key={actionData?.redeemed ? "redeemed" : "code"}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${CODE_FIELD}-hint${error ? ` ${CODE_FIELD}-error` : ""}`}
          className={`${FIELD_INPUT_CLASS} font-mono`}
        />
        {error && (
          <p id={`${CODE_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className="mt-4 w-full rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
          Redeem
        </button>
      </Form>
      <p className="mt-6">
        Looking for a present?{" "}
        <a href="/giftcard" className="font-bold text-brand-dark underline">
          Buy a gift card
        </a>
      </p>
    </section>
  );
}
