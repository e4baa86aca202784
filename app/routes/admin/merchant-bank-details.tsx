import { Form, useNavigation } from "react-router";
import { findMerchantRecord } from "../../../modules/catalog/merchant-records";
import { maskedBankDetails } from "../../../modules/merchants/bank-details";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { hasPermission } from "../../../modules/staff/permissions";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { BANK_DETAILS_FIELDS } from "../../admin/merchant-fields";
import { bankDetailsAction, bankKey } from "../../admin/bank-details.server";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/merchant-bank-details";

export const meta = accountMeta("Bank details");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

async function merchantOf(context: Route.LoaderArgs["context"], id: string) {
  const merchant = /^\d{1,9}$/.test(id) ? await findMerchantRecord(context.db, Number(id)) : null;
  if (!merchant) throw adminRefusal(404, MERCHANT_ERRORS.UNKNOWN_MERCHANT.message);
  return merchant;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/merchants/:id/bank-details");
  const merchant = await merchantOf(context, params.id);
  return {
    csrfToken: context.session.csrfToken(),
    canChange: hasPermission(session.member.role, "merchants.bank-details"),
    merchant: { id: merchant.id, displayName: merchant.displayName },
    bank: await maskedBankDetails(context.db, bankKey(context), merchant.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/merchants/:id/bank-details");
  const merchant = await merchantOf(context, params.id);
  return bankDetailsAction(context, actor, merchant.id, await request.formData());
}

export default function AdminMerchantBankDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, bank, canChange } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Typed numbers are never sent back to the page; the name and the reason are.
  const refill = (name: string) =>
    name === "accountName" ? (actionData?.values?.accountName ?? bank?.accountName ?? "") : name === "reason" ? (actionData?.values?.reason ?? "") : "";
  return (
    <section>
      <p className="mb-2">
        <a href={`/admin/merchants/${merchant.id}`} className="font-bold text-brand-dark underline">
          Back to {merchant.displayName}
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Bank details: {merchant.displayName}</h1>
      {actionData?.success && <AccountFormMessage success={actionData.success} />}
      <section aria-labelledby="bank-on-file" className="mb-6 max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h2 id="bank-on-file" className="mb-2 text-xl font-bold">
          On file
        </h2>
        {bank ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1" data-testid="bank-details">
            <dt className="font-bold">Name on the account</dt>
            <dd>{bank.accountName}</dd>
            <dt className="font-bold">Sort code</dt>
            <dd>{bank.sortCode}</dd>
            <dt className="font-bold">Account number</dt>
            <dd>{bank.accountNumber}</dd>
          </dl>
        ) : (
          <p>No bank details on file.</p>
        )}
        <p className="mt-2 text-sm text-gray-700">Numbers are stored encrypted and only ever shown masked.</p>
      </section>
      {canChange ? (
        <section aria-labelledby="bank-change" className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <h2 id="bank-change" className="mb-4 text-xl font-bold">
            Change the bank details
          </h2>
          <AdminFormErrors result={actionData} fields={BANK_DETAILS_FIELDS} />
          <Form method="post" noValidate autoComplete="off">
            <CsrfField token={loaderData.csrfToken} />
            {BANK_DETAILS_FIELDS.map((field) => (
              <AccountField key={field.name} id={field.id} label={field.label} name={field.name} defaultValue={refill(field.name)} error={actionData?.fieldErrors?.[field.name]} />
            ))}
            <AccountSubmit busy={busy}>Save the bank details</AccountSubmit>
          </Form>
        </section>
      ) : (
        <p>Only finance or the owner may change bank details.</p>
      )}
    </section>
  );
}
