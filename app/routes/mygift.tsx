import { data, Form, Link, useNavigation } from "react-router";
import { formatMoney } from "../../lib/money";
import { parseRecordId } from "../../lib/input";
import type { GiftView } from "../../modules/gifts/find-gift";
import { claimGiftWithCode, type GiftFailure, lookUpGift } from "../../server/gifts/gift-claims";
import { accountMeta } from "../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { CsrfField } from "../components/CsrfField";
import { ErrorSummary } from "../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../components/LabelledField";
import { PageHeading } from "../components/PageHeading";
import { ConfirmButton, FocusedMessage } from "../components/vouchers/AfterSale";
import { formatDate } from "../components/vouchers/voucher-format";
import type { Route } from "./+types/mygift";

export const meta = accountMeta("Claim a Gift");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const CODE_FIELD = "gift-code";
const RETURN_HERE = encodeURIComponent("/mygift");

/** The gift as the page shows it (dates as text). */
function giftView(gift: GiftView) {
  return { ...gift, expiresAt: gift.expiresAt.toISOString(), options: gift.options.map((option) => ({ ...option, priceText: formatMoney(option.price, gift.currency) })) };
}

type ActionAnswer = { gift: ReturnType<typeof giftView> } | { claimed: { voucherId: number; productName: string } } | { code: string; failure: GiftFailure; gift?: ReturnType<typeof giftView> };

/** Guests are asked to sign in or register first (docs/decisions/gifts-claiming.md): a claimed voucher needs an account to be kept in. */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.customer !== null, csrfToken: context.session.csrfToken() };
}

/** Step one finds the gift a code names; step two claims it for the option chosen. The code travels in the form, never the address. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = context.customer;
  if (!customer) return data<ActionAnswer>({ code: "", failure: { status: 401, code: "NOT_SIGNED_IN", message: "Please sign in to claim your gift." } }, { status: 401 });
  const form = await request.formData();
  const code = formText(form, "code");
  const answer = (failure: GiftFailure, gift?: ReturnType<typeof giftView>) =>
    data<ActionAnswer>({ code, failure, gift }, { status: failure.status, headers: failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined });
  if (formText(form, "intent") === "claim") {
    const productId = parseRecordId(formText(form, "productId")) ?? undefined;
    const claimed = await claimGiftWithCode(context, customer, code, productId);
    if (claimed.ok) return data<ActionAnswer>({ claimed: claimed.value });
    // An option sold out meanwhile: the gift again, with what can still be chosen.
    const again = claimed.failure.code === "GIFT_OPTION_NOT_AVAILABLE" ? await lookUpGift(context, customer, code) : null;
    return answer(claimed.failure, again?.ok ? giftView(again.value) : undefined);
  }
  const found = await lookUpGift(context, customer, code);
  return found.ok ? data<ActionAnswer>({ gift: giftView(found.value) }) : answer(found.failure);
}

function SignInFirst() {
  return (
    <div className="flex flex-col gap-3">
      <p>To claim your gift, sign in or create an account: the voucher is kept in your My Vouchers and emailed to you.</p>
      <p className="flex flex-wrap gap-3">
        <Link to={`/login?redirectUrl=${RETURN_HERE}`} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
          Sign in
        </Link>
        <Link to={`/register?redirectUrl=${RETURN_HERE}`} className="rounded px-5 py-3 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50">
          Create an account
        </Link>
      </p>
    </div>
  );
}

function CodeForm({ csrfToken, code, error, busy }: { csrfToken: string; code: string; error?: string; busy: boolean }) {
  return (
    <Form method="post" noValidate className="flex max-w-md flex-col gap-4">
      <ErrorSummary errors={error ? [{ fieldId: CODE_FIELD, message: error }] : []} />
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="find" />
      <div>
        <label htmlFor={CODE_FIELD} className="mb-1 block font-bold">
          Gift code
        </label>
        <p id={`${CODE_FIELD}-hint`} className="mb-1 text-sm text-gray-700">
          Enter it exactly as it is written in your email: capital letters matter.
        </p>
        <input
          id={CODE_FIELD}
          name="code"
          defaultValue={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${FIELD_INPUT_CLASS} font-mono`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${CODE_FIELD}-hint ${CODE_FIELD}-error` : `${CODE_FIELD}-hint`}
        />
        {error && (
          <p id={`${CODE_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
            {error}
          </p>
        )}
      </div>
      <div>
        <ConfirmButton busy={busy}>Find my gift</ConfirmButton>
      </div>
    </Form>
  );
}

function TheGift({ gift, csrfToken, error, busy }: { gift: ReturnType<typeof giftView>; csrfToken: string; error?: string; busy: boolean }) {
  const choosing = gift.options.length > 1;
  return (
    <section aria-labelledby="gift-heading" className="flex flex-col gap-4" data-testid="gift">
      {error && (
        <FocusedMessage kind="error" title="Your gift has not been claimed">
          <p>{error}</p>
        </FocusedMessage>
      )}
      <div className="rounded border border-gray-300 p-4">
        <h2 id="gift-heading" className="text-xl font-bold">
          {gift.dealTitle}
        </h2>
        <p>{gift.productName}</p>
        <p className="text-gray-700">{gift.merchantName}</p>
        <p className="mt-2">
          A gift from <span className="font-bold">{gift.fromName}</span> to {gift.recipientName}
        </p>
        {gift.message && <blockquote className="mt-2 border-l-4 border-brand pl-3 italic">{gift.message}</blockquote>}
        <p className="mt-2 text-sm">
          Valid until <time dateTime={gift.expiresAt}>{formatDate(gift.expiresAt)}</time>
        </p>
      </div>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="code" value={gift.code} />
        {choosing ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-bold">Choose your gift</legend>
            <p className="text-sm text-gray-700">You may take another option of this deal at the same or a lower price.</p>
            {gift.options.map((option) => (
              <label key={option.productId} className="flex items-start gap-3 rounded border border-gray-300 p-3">
                <input type="radio" name="productId" value={option.productId} defaultChecked={option.current} className="mt-1 h-5 w-5" />
                <span>
                  <span className="block font-bold">{option.name}</span>
                  <span className="block text-sm">{option.current ? "The option chosen for you" : `${option.priceText} today`}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <input type="hidden" name="productId" value={gift.productId} />
        )}
        <div>
          <ConfirmButton busy={busy}>Claim your gift</ConfirmButton>
        </div>
      </Form>
    </section>
  );
}

/** /mygift (account menu "Claim a Gift"): enter the gift code, see the gift, choose an option, claim it. */
export default function ClaimGift({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && "failure" in actionData ? actionData : undefined;
  const gift = actionData && "gift" in actionData ? actionData.gift : undefined;
  const claimed = actionData && "claimed" in actionData ? actionData.claimed : undefined;
  return (
    <section className="mx-auto max-w-3xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <PageHeading>Claim a Gift</PageHeading>
      {!loaderData.signedIn ? (
        <SignInFirst />
      ) : claimed ? (
        <FocusedMessage kind="success" title="Your gift is yours">
          <p className="mt-2">{`${claimed.productName}: we have emailed you the voucher, and it is in My Vouchers.`}</p>
          <p className="mt-2">
            <Link to={`/myaccount/vouchers/${claimed.voucherId}`} className="font-bold underline">
              See your voucher
            </Link>
          </p>
        </FocusedMessage>
      ) : gift ? (
        <TheGift gift={gift} csrfToken={loaderData.csrfToken} error={failed?.failure.message} busy={busy} />
      ) : (
        <CodeForm csrfToken={loaderData.csrfToken} code={failed?.code ?? ""} error={failed?.failure.message} busy={busy} />
      )}
    </section>
  );
}
