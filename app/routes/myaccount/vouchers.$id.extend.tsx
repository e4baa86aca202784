import { data, Form, useNavigation } from "react-router";
import { extendProtectedVoucher } from "../../../modules/refunds/extend-protected-voucher";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { AfterSalePage, ConfirmButton, FocusedMessage, longDate, NotOffered } from "../../components/vouchers/AfterSale";
import { actionFailure, loadVoucherAfterSale, shopperServices } from "../../accounts/after-sale.server";
import type { Route } from "./+types/vouchers.$id.extend";

export const meta = accountMeta("Extend your voucher");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const CHOOSE_MONTHS = "Please choose how many months to extend your voucher by.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return (await loadVoucherAfterSale(context, request, params.id)).view;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, view } = await loadVoucherAfterSale(context, request, params.id);
  const form = await request.formData();
  const months = Number(formText(form, "months"));
  if (![1, 2, 3].includes(months)) return data({ fieldError: CHOOSE_MONTHS }, { status: 400 });
  const seen = new Date(formText(form, "expiresAt"));
  const { actor, linkOrigin } = shopperServices(context, customer.id);
  try {
    const result = await extendProtectedVoucher(
      context.db,
      { clock: context.clock, linkOrigin },
      { voucherId: view.voucher.id, customerId: customer.id, months, seenExpiresAt: Number.isNaN(seen.getTime()) ? undefined : seen, actor },
    );
    return { extended: { expiresAt: result.expiresAt.toISOString() } };
  } catch (error) {
    return actionFailure(error);
  }
}

export default function ExtendVoucher({ loaderData: view, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { voucher, extend } = view;
  const fieldError = actionData && "fieldError" in actionData ? actionData.fieldError : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  const extended = actionData && "extended" in actionData ? actionData.extended : undefined;
  const expiry = longDate(voucher.expiresAt, voucher.timeZone);

  return (
    <AfterSalePage title="Extend your voucher" voucher={voucher}>
      {extended && (
        <FocusedMessage kind="success" title="Voucher extended">
          <p>{`Your voucher can now be used until ${longDate(extended.expiresAt, voucher.timeZone)}. We have emailed you a confirmation.`}</p>
        </FocusedMessage>
      )}
      {formError && (
        <FocusedMessage kind="error" title="Your voucher has not been extended">
          <p>{formError}</p>
        </FocusedMessage>
      )}
      {fieldError && (
        <FocusedMessage kind="error" title="There is a problem">
          <p>
            <a href="#months-1" className="underline">
              {fieldError}
            </a>
          </p>
        </FocusedMessage>
      )}
      <p className="mb-4">
        This voucher can be used until <strong data-testid="voucher-expiry">{expiry}</strong>.
      </p>
      {!extend.allowed ? (
        extended ? null : <NotOffered reason={extend.reason} />
      ) : (
        <Form method="post" noValidate>
          <CsrfField token={view.csrfToken} />
          <input type="hidden" name="expiresAt" value={voucher.expiresAt} />
          <p className="mb-4">Deal Protection lets you extend it by up to 3 months in all, free of charge.</p>
          <fieldset className="mb-6" aria-describedby={fieldError ? "months-error" : undefined}>
            <legend className="mb-2 font-bold">Extend by</legend>
            {fieldError && (
              <p id="months-error" className="mb-2 text-sm font-bold text-alert">
                {fieldError}
              </p>
            )}
            {Array.from({ length: extend.maxMonths }, (_, index) => index + 1).map((months) => (
              <div key={months} className="mb-2 flex items-center gap-3">
                <input id={`months-${months}`} type="radio" name="months" value={months} className="h-5 w-5" />
                <label htmlFor={`months-${months}`}>
                  {months} month{months === 1 ? "" : "s"}
                </label>
              </div>
            ))}
          </fieldset>
          <ConfirmButton busy={busy}>Extend voucher</ConfirmButton>
        </Form>
      )}
    </AfterSalePage>
  );
}
