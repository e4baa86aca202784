import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { GIFT_MESSAGE_LIMIT, GIFT_RECIPIENT_NAME_LIMIT } from "../../../modules/basket/gifting";
import { cancelGift, unclaimedGiftOf } from "../../../modules/gifts/cancel-gift";
import { GIFT_ERRORS } from "../../../modules/gifts/errors";
import { giftVoucher } from "../../../modules/my-vouchers/gift-voucher";
import { voucherDetail } from "../../../modules/my-vouchers/voucher-detail";
import { requireCustomer } from "../../../server/accounts/redirects";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { ConfirmButton, FocusedMessage, NotOffered } from "../../components/vouchers/AfterSale";
import { shopperServices } from "../../accounts/after-sale.server";
import type { Route } from "./+types/vouchers.$id.gift";

export const meta = accountMeta("Gift your voucher");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

type Field = "recipientName" | "recipientEmail" | "message";

/** Which field a refusal of the recipient's details is about (the checkout's E-gift texts). */
const FIELD_OF_ERROR: Record<string, Field> = {
  GIFT_RECIPIENT_NAME_REQUIRED: "recipientName",
  GIFT_RECIPIENT_REQUIRED: "recipientEmail",
  GIFT_MESSAGE_TOO_LONG: "message",
};

/** The signed-in buyer's voucher; anyone else's, or an id that is not one, is a 404. */
async function loadGiftable(context: Route.LoaderArgs["context"], request: Request, id: string | undefined) {
  const customer = requireCustomer(context, request);
  const voucherId = parseRecordId(id);
  const detail = voucherId === null ? null : await voucherDetail(context.db, { customerId: customer.id, voucherId, now: context.clock.now() });
  if (!detail || detail.receivedAsGift) throw data("Page not found", { status: 404 });
  return { customer, detail };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { customer, detail } = await loadGiftable(context, request, params.id);
  const unclaimed = detail.gift?.state === "GIFTED" ? await unclaimedGiftOf(context.db, { customerId: customer.id, voucherId: detail.id }) : null;
  return {
    voucher: { id: detail.id, dealTitle: detail.dealTitle, productName: detail.productName, merchantName: detail.merchantName, status: detail.status },
    offered: detail.gift?.state === "GIFT_IT",
    gifted: detail.gift?.state === "GIFTED",
    unclaimed: unclaimed && { name: unclaimed.recipientName, email: unclaimed.recipientEmail },
    csrfToken: context.session.csrfToken(),
  };
}

/** "Gift it": the recipient gets a gift code by email; the voucher's code is theirs from now on. Or, with intent=cancel, take an unclaimed gift back. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, detail } = await loadGiftable(context, request, params.id);
  const form = await request.formData();
  if (formText(form, "intent") === "cancel") {
    try {
      await cancelGift(
        { db: context.db, clock: context.clock, brand: context.brand.id },
        { customerId: customer.id, senderName: customer.firstName, voucherId: detail.id, actor: shopperServices(context, customer.id).actor },
      );
      return { cancelled: true as const };
    } catch (error) {
      const shown = shownError(error);
      return data({ cancelError: shown.message }, { status: shown.status });
    }
  }
  const values = { recipientName: formText(form, "recipientName"), recipientEmail: formText(form, "recipientEmail"), message: formText(form, "message") };
  try {
    const sent = await giftVoucher(
      { db: context.db, clock: context.clock, brand: context.brand.id, linkOrigin: context.publicOrigin },
      { ...values, message: values.message || null, customerId: customer.id, senderName: customer.firstName, voucherId: detail.id, actor: shopperServices(context, customer.id).actor },
    );
    return { sent: { name: values.recipientName.trim(), email: sent.recipientEmail } };
  } catch (error) {
    const shown = shownError(error);
    const field = FIELD_OF_ERROR[shown.code];
    return data(field ? { values, fieldErrors: { [field]: shown.message } } : { values, formError: shown.message, fieldErrors: {} }, { status: shown.status });
  }
}

const FIELD_IDS: Record<Field, string> = { recipientName: "gift-recipient-name", recipientEmail: "gift-recipient-email", message: "gift-message" };

export default function GiftVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { voucher } = loaderData;
  const failed = actionData && "values" in actionData ? actionData : undefined;
  const fieldErrors: Partial<Record<Field, string>> = failed?.fieldErrors ?? {};
  const [message, setMessage] = useState(failed?.values.message ?? "");
  const fieldError = (field: Field) =>
    fieldErrors[field] && (
      <p id={`${FIELD_IDS[field]}-error`} className="mt-1 text-sm font-bold text-alert">
        {fieldErrors[field]}
      </p>
    );
  const invalid = (field: Field) => (fieldErrors[field] ? { "aria-invalid": true as const, "aria-describedby": `${FIELD_IDS[field]}-error` } : {});
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const cancelled = actionData && "cancelled" in actionData;
  const cancelError = actionData && "cancelError" in actionData ? actionData.cancelError : undefined;
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="gift-title">
      <p className="mb-2">
        <Link to={`/myaccount/vouchers/${voucher.id}`} className="font-bold text-brand-dark underline">
          Back to your voucher
        </Link>
      </p>
      <h1 id="gift-title" className="mb-4 text-2xl font-bold">
        Gift your voucher
      </h1>
      <div className="mb-6 rounded border border-gray-300 p-4">
        <p className="font-bold">{voucher.dealTitle}</p>
        <p className="text-sm">{voucher.productName}</p>
        <p className="text-sm text-gray-700">{voucher.merchantName}</p>
      </div>
      {sent ? (
        <FocusedMessage kind="success" title="Gift sent">
          <p className="mt-2">{`We have emailed ${sent.name} (${sent.email}) a gift code to claim it. Its voucher code is theirs now, so it is no longer shown to you.`}</p>
        </FocusedMessage>
      ) : cancelled ? (
        <FocusedMessage kind="success" title="Gift cancelled">
          <p className="mt-2">Its gift code no longer works and we have told the recipient. The voucher and its code are yours again in My Vouchers.</p>
        </FocusedMessage>
      ) : loaderData.unclaimed ? (
        <Form method="post" className="flex max-w-xl flex-col gap-4">
          {cancelError && (
            <FocusedMessage kind="error" title="Your gift has not been cancelled">
              <p>{cancelError}</p>
            </FocusedMessage>
          )}
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="intent" value="cancel" />
          <p>{`You gave this voucher to ${loaderData.unclaimed.name} (${loaderData.unclaimed.email}), who has not claimed it yet. You can take it back: their gift code stops working and the voucher is yours again.`}</p>
          <div>
            <ConfirmButton busy={busy}>Cancel this gift</ConfirmButton>
          </div>
        </Form>
      ) : !loaderData.offered ? (
        <NotOffered reason={loaderData.gifted ? GIFT_ERRORS.VOUCHER_ALREADY_GIFTED.message : GIFT_ERRORS.VOUCHER_NOT_GIFTABLE.message} />
      ) : (
        <Form method="post" noValidate className="flex max-w-xl flex-col gap-4">
          {failed?.formError && (
            <FocusedMessage kind="error" title="Your gift has not been sent">
              <p>{failed.formError}</p>
            </FocusedMessage>
          )}
          <ErrorSummary errors={(Object.keys(FIELD_IDS) as Field[]).flatMap((field) => (fieldErrors[field] ? [{ fieldId: FIELD_IDS[field], message: fieldErrors[field] }] : []))} />
          <CsrfField token={loaderData.csrfToken} />
          <p>The person you give it to gets a gift code by email and claims the voucher with it. Its code is then theirs, and no longer shown to you.</p>
          <div>
            <label htmlFor={FIELD_IDS.recipientName} className="mb-1 block font-bold">
              Recipient's name
            </label>
            <input id={FIELD_IDS.recipientName} name="recipientName" defaultValue={failed?.values.recipientName} maxLength={GIFT_RECIPIENT_NAME_LIMIT} autoComplete="off" className={FIELD_INPUT_CLASS} {...invalid("recipientName")} />
            {fieldError("recipientName")}
          </div>
          <div>
            <label htmlFor={FIELD_IDS.recipientEmail} className="mb-1 block font-bold">
              Recipient's email
            </label>
            <input id={FIELD_IDS.recipientEmail} type="email" name="recipientEmail" defaultValue={failed?.values.recipientEmail} maxLength={254} autoComplete="off" className={FIELD_INPUT_CLASS} {...invalid("recipientEmail")} />
            {fieldError("recipientEmail")}
          </div>
          <div>
            <label htmlFor={FIELD_IDS.message} className="mb-1 block font-bold">
              Gift message (optional)
            </label>
            <textarea
              id={FIELD_IDS.message}
              name="message"
              rows={3}
              maxLength={GIFT_MESSAGE_LIMIT}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              className={FIELD_INPUT_CLASS}
              {...invalid("message")}
              aria-describedby={[fieldErrors.message ? `${FIELD_IDS.message}-error` : null, "gift-message-remaining"].filter(Boolean).join(" ")}
            />
            <p id="gift-message-remaining" className="text-sm text-gray-700">
              {GIFT_MESSAGE_LIMIT - message.length} characters remaining
            </p>
            {fieldError("message")}
          </div>
          <div>
            <ConfirmButton busy={busy}>Send gift</ConfirmButton>
          </div>
        </Form>
      )}
    </section>
  );
}
