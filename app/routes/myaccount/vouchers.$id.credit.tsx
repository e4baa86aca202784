import { Form, Link, useNavigation } from "react-router";
import { exchangeForCredit } from "../../../modules/refunds/exchange-for-credit";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { AfterSalePage, ConfirmButton, FocusedMessage, lastDay, money, NotOffered } from "../../components/vouchers/AfterSale";
import { actionFailure, loadVoucherAfterSale, shopperServices } from "../../accounts/after-sale.server";
import type { Route } from "./+types/vouchers.$id.credit";

export const meta = accountMeta("Exchange your voucher for wallet credit");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return (await loadVoucherAfterSale(context, request, params.id)).view;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, view } = await loadVoucherAfterSale(context, request, params.id);
  const { actor, linkOrigin } = shopperServices(context, customer.id);
  try {
    await exchangeForCredit(context.db, { clock: context.clock, linkOrigin }, { voucherId: view.voucher.id, customerId: customer.id, actor });
    return { requested: true };
  } catch (error) {
    return actionFailure(error);
  }
}

export default function ExchangeForCredit({ loaderData: view, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { voucher, credit } = view;
  const amount = money(voucher.paid, voucher.currency);
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  const title = "Exchange your voucher for wallet credit";

  if (voucher.status === "CREDIT_REQUESTED") {
    return (
      <AfterSalePage title={title} voucher={voucher}>
        <FocusedMessage kind="success" title="Credit Requested">
          <p>{`We are adding ${amount} to your wallet and will email you as soon as it is there, usually within a few minutes.`}</p>
        </FocusedMessage>
      </AfterSalePage>
    );
  }
  if (view.givenBack?.kind === "credit") {
    return (
      <AfterSalePage title={title} voucher={voucher}>
        <FocusedMessage kind="success" title="Request Processed">
          <p>{`${money(view.givenBack.walletCredit, voucher.currency)} has been added to your wallet, ready to spend.`}</p>
          <p className="mt-2">
            <Link to="/myaccount/wallet" className="font-bold underline">
              Your wallet
            </Link>
          </p>
        </FocusedMessage>
      </AfterSalePage>
    );
  }
  return (
    <AfterSalePage title={title} voucher={voucher}>
      {formError && (
        <FocusedMessage kind="error" title="Your voucher has not been exchanged">
          <p>{formError}</p>
        </FocusedMessage>
      )}
      {!credit.allowed ? (
        <NotOffered reason={credit.reason} />
      ) : (
        <Form method="post">
          <CsrfField token={view.csrfToken} />
          <p className="mb-2">
            Exchange this voucher for <strong>{amount}</strong> of wallet credit: all it cost, to spend on any deal. The voucher can no longer be used once exchanged.
          </p>
          <p className="mb-6">{`You can exchange it until the end of ${lastDay(credit.until, voucher.timeZone)}.`}</p>
          <ConfirmButton busy={busy}>Exchange for {amount} credit</ConfirmButton>
        </Form>
      )}
    </AfterSalePage>
  );
}
