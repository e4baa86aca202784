import { data, Form, Link, useNavigation } from "react-router";
import { refundVoucher } from "../../../modules/refunds/refund-voucher";
import { paymentProvider } from "../../../server/buying/buying-context";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { AfterSalePage, ConfirmButton, FocusedMessage, lastDay, money, NotOffered } from "../../components/vouchers/AfterSale";
import { actionFailure, loadVoucherAfterSale, shopperServices } from "../../accounts/after-sale.server";
import type { Route } from "./+types/vouchers.$id.refund";

export const meta = accountMeta("Refund your voucher");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const CHOOSE_DESTINATION = "Please choose where your refund should go.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return (await loadVoucherAfterSale(context, request, params.id)).view;
}

/** The refund itself: the shopper's choice of destination, nothing assumed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, view } = await loadVoucherAfterSale(context, request, params.id);
  const destination = formText(await request.formData(), "destination");
  if (destination !== "original" && destination !== "wallet") return data({ fieldError: CHOOSE_DESTINATION }, { status: 400 });
  try {
    const result = await refundVoucher(
      context.db,
      { provider: paymentProvider(context), clock: context.clock, log: context.log, linkOrigin: context.publicOrigin },
      { voucherId: view.voucher.id, customerId: customer.id, destination, actor: shopperServices(context, customer.id).actor },
    );
    return { refunded: { cardRefund: result.cardRefund } };
  } catch (error) {
    return actionFailure(error);
  }
}

function Refunded({ view }: { view: Route.ComponentProps["loaderData"] }) {
  const given = view.givenBack!;
  const { currency } = view.voucher;
  return (
    <FocusedMessage kind="success" title="Refunded">
      <ul className="mt-2 list-disc pl-5">
        {given.cardAmount > 0 && (
          <li>{`${money(given.cardAmount, currency)} is on its way back to your ${view.toOriginal.cardLabel}. Refunds usually reach your account within 3 to 5 working days.`}</li>
        )}
        {given.walletCredit > 0 && <li>{`${money(given.walletCredit, currency)} is in your wallet now, ready to spend.`}</li>}
      </ul>
      <p className="mt-2">We have emailed you a confirmation.</p>
      <p className="mt-2">
        <Link to="/myaccount/wallet" className="font-bold underline">
          Your wallet
        </Link>{" "}
        ·{" "}
        <Link to="/myaccount/vouchers" className="font-bold underline">
          My Vouchers
        </Link>
      </p>
    </FocusedMessage>
  );
}

export default function RefundVoucher({ loaderData: view, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { voucher, refund, toOriginal, toWallet } = view;
  const fieldError = actionData && "fieldError" in actionData ? actionData.fieldError : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  const amount = (value: number) => money(value, voucher.currency);

  if (view.givenBack?.kind === "refund") {
    return (
      <AfterSalePage title="Refund your voucher" voucher={voucher}>
        <Refunded view={view} />
      </AfterSalePage>
    );
  }
  return (
    <AfterSalePage title="Refund your voucher" voucher={voucher}>
      {formError && <FocusedMessage kind="error" title="Your voucher has not been refunded">{<p>{formError}</p>}</FocusedMessage>}
      {fieldError && (
        <FocusedMessage kind="error" title="There is a problem">
          <p>
            <a href="#destination-original" className="underline">
              {fieldError}
            </a>
          </p>
        </FocusedMessage>
      )}
      {!refund.allowed ? (
        <NotOffered reason={refund.reason} />
      ) : (
        <Form method="post" noValidate>
          <CsrfField token={view.csrfToken} />
          <p className="mb-4" data-testid="refund-deadline">
            You can refund this voucher until the end of <strong>{lastDay(refund.until, voucher.timeZone)}</strong>.
          </p>
          {view.protectionFee > 0 && (
            <p className="mb-4" data-testid="refund-protection-fee">
              This is the last voucher of your order and you are within 14 days, so the refund includes the {amount(view.protectionFee)} Deal Protection fee.
            </p>
          )}
          {view.gift?.viewer === "buyer" && (
            <p className="mb-4" data-testid="refund-ends-gift">
              {view.gift.status === "CLAIMED" ? "You gave this voucher as a gift and it has been claimed" : "You have sent this voucher as a gift"}: refunding it cancels it
              for the recipient too, and we will email them why.
            </p>
          )}
          <fieldset className="mb-6" aria-describedby={fieldError ? "destination-error" : undefined}>
            <legend className="mb-2 font-bold">Where should your refund go?</legend>
            {fieldError && (
              <p id="destination-error" className="mb-2 text-sm font-bold text-alert">
                {fieldError}
              </p>
            )}
            <div className="mb-3 flex items-start gap-3 rounded border border-gray-300 p-3">
              <input id="destination-original" type="radio" name="destination" value="original" className="mt-1 h-5 w-5" aria-describedby="destination-original-hint" />
              <label htmlFor="destination-original" className="flex-1">
                <span className="block font-bold">Back to how you paid</span>
                <span id="destination-original-hint" className="block text-sm">
                  {toOriginal.cardAmount > 0 && `${amount(toOriginal.cardAmount)} back to your ${toOriginal.cardLabel} (3 to 5 working days)`}
                  {toOriginal.cardAmount > 0 && toOriginal.walletCredit > 0 && "; "}
                  {toOriginal.walletCredit > 0 && `${amount(toOriginal.walletCredit)} you paid with wallet credit back to your wallet, instantly`}
                  {toOriginal.cardAmount === 0 && toOriginal.walletCredit === 0 && "Nothing was paid for this voucher."}
                </span>
              </label>
            </div>
            <div className="flex items-start gap-3 rounded border border-gray-300 p-3">
              <input id="destination-wallet" type="radio" name="destination" value="wallet" className="mt-1 h-5 w-5" aria-describedby="destination-wallet-hint" />
              <label htmlFor="destination-wallet" className="flex-1">
                <span className="block font-bold">Wallet credit</span>
                <span id="destination-wallet-hint" className="block text-sm">
                  {`${amount(toWallet.walletCredit)} wallet credit, instantly, to spend on any deal`}
                </span>
              </label>
            </div>
          </fieldset>
          <ConfirmButton busy={busy}>Confirm refund</ConfirmButton>
        </Form>
      )}
    </AfterSalePage>
  );
}
