import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../lib/money";
import {
  checkGiftCardChoice,
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_MAX_AMOUNT,
  GIFT_CARD_MESSAGE_LIMIT,
  GIFT_CARD_MIN_AMOUNT,
  GIFT_CARD_NAME_LIMIT,
  GIFT_CARD_VALIDITY_MONTHS,
  type GiftCardDelivery,
  type GiftCardField,
} from "../../modules/gift-cards/gift-card-choice";
import { putGiftCardInBasket } from "../../server/buying/gift-cards";
import { shownError } from "../../server/errors";
import { accountMeta } from "../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountFormMessage } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import { ErrorSummary } from "../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../components/LabelledField";
import type { Route } from "./+types/giftcard";

export const meta = accountMeta("Buy a gift card");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Each field's id: the error summary links to it. */
const FIELD_IDS: Record<GiftCardField, string> = {
  amount: "giftcard-amount",
  delivery: "giftcard-delivery",
  recipientName: "giftcard-recipient-name",
  recipientEmail: "giftcard-recipient-email",
  message: "giftcard-message",
};
const CUSTOM = "custom";

export function loader({ context }: Route.LoaderArgs) {
  return {
    csrfToken: context.session.csrfToken(),
    currency: context.brand.currency,
    brandName: context.brand.displayName,
  };
}

interface GiftCardFormResult {
  values: Record<string, string>;
  fieldErrors?: Partial<Record<GiftCardField, string>>;
  formError?: string;
}

/** The amount chosen: a fixed one (minor units), or a custom one typed in whole pounds or euro. */
function chosenAmount(form: FormData): number | null {
  const picked = formText(form, "amount");
  if (picked !== CUSTOM) return GIFT_CARD_AMOUNTS.find((amount) => String(amount) === picked) ?? null;
  const typed = /^\s*(\d{1,5})(?:\.00)?\s*$/.exec(formText(form, "customAmount"));
  return typed ? Number(typed[1]) * 100 : null;
}

function chosenDelivery(form: FormData): GiftCardDelivery | null {
  const delivery = formText(form, "delivery");
  return delivery === "email" || delivery === "print" ? delivery : null;
}

/** Adds the gift card to the visitor's basket and continues at its checkout. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(["amount", "customAmount", "delivery", "recipientName", "recipientEmail", "message"].map((name) => [name, formText(form, name)]));
  const checked = checkGiftCardChoice(
    { amount: chosenAmount(form), delivery: chosenDelivery(form), recipientName: values.recipientName, recipientEmail: values.recipientEmail, message: values.message },
    context.brand.currency,
  );
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.errors).map(([field, error]) => [field, error.message]));
    return data<GiftCardFormResult>({ values, fieldErrors }, { status: 400 });
  }
  try {
    const token = await putGiftCardInBasket(context, context.buying, checked.choice);
    return redirect(`/checkout/${token}`);
  } catch (error) {
    const shown = shownError(error);
    return data<GiftCardFormResult>({ values, formError: shown.message }, { status: shown.status });
  }
}

function FieldError({ field, error }: { field: GiftCardField; error?: string }) {
  return error ? (
    <p id={`${FIELD_IDS[field]}-error`} className="mt-1 text-sm font-bold text-alert">
      {error}
    </p>
  ) : null;
}

const invalid = (field: GiftCardField, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${FIELD_IDS[field]}-error` } : {};

export default function BuyGiftCard({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { currency } = loaderData;
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const [delivery, setDelivery] = useState(values.delivery ?? "");
  const [message, setMessage] = useState(values.message ?? "");
  const money = (amount: number) => formatMoney(amount, currency);
  const summary = (Object.keys(FIELD_IDS) as GiftCardField[]).flatMap((field) => (errors[field] ? [{ fieldId: FIELD_IDS[field], message: errors[field] }] : []));
  return (
    <section className="mx-auto max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-2 text-2xl font-bold">{`Buy a ${loaderData.brandName} gift card`}</h1>
      <p className="mb-6">
        The recipient redeems it into their wallet and spends it on any deal. It must be redeemed within {GIFT_CARD_VALIDITY_MONTHS} months.{" "}
        <a href="/page/giftcardterms" className="font-bold text-brand-dark underline">
          Gift card terms
        </a>
      </p>
      <ErrorSummary errors={summary} />
      <AccountFormMessage error={actionData?.formError} />
      <Form method="post" noValidate className="flex flex-col gap-6">
        <CsrfField token={loaderData.csrfToken} />
        <fieldset id={FIELD_IDS.amount} tabIndex={-1} {...invalid("amount", errors.amount)}>
          <legend className="mb-2 font-bold">Amount</legend>
          <div className="flex flex-wrap gap-3">
            {GIFT_CARD_AMOUNTS.map((amount) => (
              <label key={amount} className="flex items-center gap-2 rounded border border-gray-400 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
                <input type="radio" name="amount" value={amount} defaultChecked={values.amount === String(amount)} className="h-5 w-5" />
                {money(amount)}
              </label>
            ))}
            <label className="flex items-center gap-2 rounded border border-gray-400 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="radio" name="amount" value={CUSTOM} defaultChecked={values.amount === CUSTOM} className="h-5 w-5" />
              Another amount
            </label>
          </div>
          <label htmlFor="giftcard-custom-amount" className="mb-1 mt-3 block">
            {`Another amount, in whole ${currency === "GBP" ? "pounds" : "euro"} (${money(GIFT_CARD_MIN_AMOUNT)} to ${money(GIFT_CARD_MAX_AMOUNT)})`}
          </label>
          <input
            id="giftcard-custom-amount"
            name="customAmount"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.customAmount}
            className={`${FIELD_INPUT_CLASS} max-w-40`}
          />
          <FieldError field="amount" error={errors.amount} />
        </fieldset>
        <fieldset id={FIELD_IDS.delivery} tabIndex={-1} {...invalid("delivery", errors.delivery)}>
          <legend className="mb-2 font-bold">How should it reach them?</legend>
          <label className="mb-2 flex items-center gap-2">
            <input type="radio" name="delivery" value="email" defaultChecked={values.delivery === "email"} onChange={() => setDelivery("email")} className="h-5 w-5" />
            Email it to the recipient
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="delivery" value="print" defaultChecked={values.delivery === "print"} onChange={() => setDelivery("print")} className="h-5 w-5" />
            I'll print it myself
          </label>
          <FieldError field="delivery" error={errors.delivery} />
        </fieldset>
        <div>
          <label htmlFor={FIELD_IDS.recipientName} className="mb-1 block font-bold">
            Recipient's name{delivery === "print" ? " (optional)" : ""}
          </label>
          <input
            id={FIELD_IDS.recipientName}
            name="recipientName"
            maxLength={GIFT_CARD_NAME_LIMIT}
            autoComplete="off"
            defaultValue={values.recipientName}
            {...invalid("recipientName", errors.recipientName)}
            className={FIELD_INPUT_CLASS}
          />
          <FieldError field="recipientName" error={errors.recipientName} />
        </div>
        {delivery !== "print" && (
          <div>
            <label htmlFor={FIELD_IDS.recipientEmail} className="mb-1 block font-bold">
              Recipient's email (for an emailed gift card)
            </label>
            <input
              id={FIELD_IDS.recipientEmail}
              name="recipientEmail"
              type="email"
              maxLength={254}
              autoComplete="off"
              defaultValue={values.recipientEmail}
              {...invalid("recipientEmail", errors.recipientEmail)}
              className={FIELD_INPUT_CLASS}
            />
            <FieldError field="recipientEmail" error={errors.recipientEmail} />
          </div>
        )}
        <div>
          <label htmlFor={FIELD_IDS.message} className="mb-1 block font-bold">
            Message (optional)
          </label>
          <textarea
            id={FIELD_IDS.message}
            name="message"
            rows={3}
            maxLength={GIFT_CARD_MESSAGE_LIMIT}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            aria-describedby={`${FIELD_IDS.message}-remaining${errors.message ? ` ${FIELD_IDS.message}-error` : ""}`}
            aria-invalid={errors.message ? true : undefined}
            className={FIELD_INPUT_CLASS}
          />
          <p id={`${FIELD_IDS.message}-remaining`} className="text-sm text-gray-700">
            {`${GIFT_CARD_MESSAGE_LIMIT - message.length} characters remaining`}
          </p>
          <FieldError field="message" error={errors.message} />
        </div>
        <button type="submit" disabled={busy} className="self-start rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
          Add to basket
        </button>
      </Form>
      <p className="mt-6">
        Got a gift card?{" "}
        <a href="/giftcard/redeem" className="font-bold text-brand-dark underline">
          Redeem it here
        </a>
      </p>
    </section>
  );
}
