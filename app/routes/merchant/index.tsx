import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { FIELD_INPUT_CLASS, LabelledField } from "../../components/LabelledField";
import { QrScanButton } from "../../components/merchant/QrScanButton";
import { TillVoucher } from "../../components/merchant/TillVoucher";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import { atTheTill, type TillAction, type TillOutcome } from "../../../server/merchants/till";
import type { Route } from "./+types/index";

export const meta = accountMeta("Redeem a voucher");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const CODE_REQUIRED = "Please enter a voucher code.";
const ACTIONS: readonly TillAction[] = ["lookup", "redeem", "book"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMerchant(context, request);
  return { csrfToken: context.session.csrfToken(), timeZone: portalTimeZone(context) };
}

/** Looks up, redeems or books a code for the signed-in merchant; the answer shows on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  const form = await request.formData();
  const code = formText(form, "code").trim().slice(0, 64);
  const intent = formText(form, "intent");
  const till = ACTIONS.includes(intent as TillAction) ? (intent as TillAction) : "lookup";
  if (!code) return data({ code, outcome: null, fieldError: CODE_REQUIRED }, { status: 400 });
  const outcome: TillOutcome = await atTheTill(context, merchant, till, code);
  const headers = !outcome.ok && outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return data({ code, outcome, fieldError: null }, { status: outcome.ok ? 200 : outcome.status, headers });
}

const DONE = { redeemed: "Redeemed. The voucher can't be used again.", booked: "Marked as booked. Please send the travel documents within 3 working days." };

export default function MerchantTill({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = useRef<HTMLDivElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const lookUp = useRef<HTMLButtonElement>(null);
  useFocusOnChange(result, actionData?.outcome);
  useFocusOnChange(codeField, actionData?.fieldError ? actionData : null);
  const outcome = actionData?.outcome;
  return (
    <section aria-labelledby="till-heading">
      <h1 id="till-heading" className="mb-4 text-2xl font-bold">
        Redeem a voucher
      </h1>
      <Form ref={form} method="post" noValidate className="max-w-md">
        <CsrfField token={loaderData.csrfToken} />
        <LabelledField label="Voucher code" error={actionData?.fieldError ?? undefined} className="mb-3">
          {(control) => (
            <input
              {...control}
              ref={codeField}
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. 7KQ4-MZ2P-XW9D"
              defaultValue={outcome?.ok ? "" : (actionData?.code ?? "")}
              className={`${FIELD_INPUT_CLASS} font-mono uppercase`}
            />
          )}
        </LabelledField>
        <button ref={lookUp} type="submit" name="intent" value="lookup" disabled={busy} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
          Look up
        </button>
        <QrScanButton
          onCode={(code) => {
            if (!codeField.current || !form.current) return;
            codeField.current.value = code;
            form.current.requestSubmit(lookUp.current);
          }}
        />
      </Form>
      {outcome && (
        <div ref={result} tabIndex={-1} className="mt-6 max-w-xl outline-none focus-visible:ring-2 focus-visible:ring-brand" aria-labelledby="till-result-heading">
          <h2 id="till-result-heading" className="mb-3 text-xl font-bold">
            {outcome.ok ? (outcome.done ? "Done" : "Voucher found") : "Can't do that"}
          </h2>
          {outcome.ok && outcome.done && (
            <p role="status" className="mb-3 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800">
              {DONE[outcome.done]}
            </p>
          )}
          {!outcome.ok && (
            <p role="alert" className="mb-3 rounded border border-alert bg-red-50 px-3 py-2 font-bold text-alert">
              {outcome.message}
            </p>
          )}
          {outcome.voucher && (
            <TillVoucher voucher={outcome.voucher} showRefusal={outcome.ok} csrfToken={loaderData.csrfToken} timeZone={loaderData.timeZone} busy={busy} />
          )}
        </div>
      )}
    </section>
  );
}
