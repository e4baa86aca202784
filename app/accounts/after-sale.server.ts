import { data } from "react-router";
import { parseRecordId } from "../../lib/input";
import { findMyVoucher } from "../../modules/my-vouchers/my-vouchers";
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
  const now = context.clock.now();
  const [found, shown] = voucherId === null ? [null, null] : await Promise.all([voucherAfterSale(context.db, customer.id, voucherId, now), findMyVoucher(context.db, customer.id, voucherId, now)]);
  if (!found) throw data("Page not found", { status: 404 });
  const { voucher, options } = found;
  return {
    customer,
    view: {
      // The code as My Vouchers shows it to this shopper (codeVisibility): none once given away or before it is ready.
      voucher: { ...voucher, code: shown?.code ?? null, expiresAt: voucher.expiresAt.toISOString(), timeZone: voucherTimeZone(voucher.currency) },
      refund: optionView(options.refund),
      credit: optionView(options.credit),
      extend: options.extend.allowed ? { allowed: true as const, until: options.extend.until.toISOString(), maxMonths: options.extend.maxMonths } : options.extend,
      toOriginal: found.toOriginal,
      toWallet: found.toWallet,
      protectionFee: found.protectionFee,
      givenBack: found.givenBack && {
        kind: found.givenBack.kind,
        destination: found.givenBack.destination,
        cardAmount: found.givenBack.cardAmount,
        walletCredit: found.givenBack.refundableCredit + found.givenBack.marketingCredit,
        at: found.givenBack.createdAt.toISOString(),
      },
      gift: found.gift,
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
