import { data } from "react-router";
import { parseRecordId } from "../../lib/input";
import type { Option } from "../../modules/refunds/after-sale-options";
import { voucherAfterSale } from "../../modules/refunds/voucher-after-sale";
import { voucherTimeZone } from "../../modules/refunds/voucher-facts";
import { requireCustomer } from "../../server/accounts/redirects";
import type { RequestServices } from "../../server/context";
import { shownError } from "../../server/errors";

/** An option as a page shows it: the deadline as text for the page, or the reason it is not offered. */
export type OptionView = { allowed: true; until: string } | { allowed: false; reason: string };

const optionView = (option: Option): OptionView => (option.allowed ? { allowed: true, until: option.until.toISOString() } : option);

/**
 * What the refund, credit and extension pages load: the signed-in shopper's voucher with what may
 * be done with it now. Anyone else's voucher, or an id that is not one, is a 404.
 */
export async function loadVoucherAfterSale(context: RequestServices, request: Request, id: string | undefined) {
  const customer = requireCustomer(context, request);
  const voucherId = parseRecordId(id);
  const found = voucherId === null ? null : await voucherAfterSale(context.db, customer.id, voucherId, context.clock.now());
  if (!found) throw data("Page not found", { status: 404 });
  const { voucher, options } = found;
  return {
    customer,
    view: {
      voucher: { ...voucher, expiresAt: voucher.expiresAt.toISOString(), timeZone: voucherTimeZone(voucher.currency) },
      refund: optionView(options.refund),
      credit: optionView(options.credit),
      extend: options.extend.allowed ? { allowed: true as const, until: options.extend.until.toISOString(), maxMonths: options.extend.maxMonths } : options.extend,
      toOriginal: found.toOriginal,
      toWallet: found.toWallet,
      givenBack: found.givenBack && {
        kind: found.givenBack.kind,
        destination: found.givenBack.destination,
        cardAmount: found.givenBack.cardAmount,
        walletCredit: found.givenBack.refundableCredit + found.givenBack.marketingCredit,
        at: found.givenBack.createdAt.toISOString(),
      },
      csrfToken: context.session.csrfToken(),
    },
  };
}

/** Who acts from a page, and where email links point. */
export function shopperServices(context: RequestServices, customerId: number) {
  return { actor: { type: "customer" as const, id: String(customerId) }, linkOrigin: context.publicOrigin };
}

/** A page action's failure as the page shows it, with the status the API gives it. */
export function actionFailure(error: unknown) {
  const shown = shownError(error);
  return data({ formError: shown.message }, { status: shown.status });
}
