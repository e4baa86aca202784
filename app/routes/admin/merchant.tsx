import { Form, useNavigation } from "react-router";
import { findMerchantRecord } from "../../../modules/catalog/merchant-records";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { listMerchantUsers } from "../../../modules/merchants/manage-merchant";
import { hasPermission } from "../../../modules/staff/permissions";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { MERCHANT_INVITE_FIELDS, MERCHANT_RECORD_FIELDS, MERCHANT_ROLE_LABELS, PAYOUT_FIELDS, PAYOUT_LABELS } from "../../admin/merchant-fields";
import { maskedBankDetails } from "../../../modules/merchants/bank-details";
import { bankKey } from "../../admin/bank-details.server";
import { merchantPageAction } from "../../admin/merchant.server";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/merchant";

export const meta = accountMeta("Merchant");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const merchantOf = (context: Route.LoaderArgs["context"], id: string) =>
  adminRecordOr404(id, (merchantId) => findMerchantRecord(context.db, merchantId), MERCHANT_ERRORS.UNKNOWN_MERCHANT.message);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/merchants/:id");
  const merchant = await merchantOf(context, params.id);
  const users = await listMerchantUsers(context.db, merchant.id);
  return {
    csrfToken: context.session.csrfToken(),
    canManage: hasPermission(session.member.role, "merchants.manage"),
    canChangeBank: hasPermission(session.member.role, "merchants.bank-details"),
    merchant: {
      id: merchant.id,
      record: {
        displayName: merchant.displayName,
        businessName: merchant.businessName,
        vatNumber: merchant.vatNumber ?? "",
        website: merchant.website ?? "",
        contactEmail: merchant.contactEmail ?? "",
        contactPhone: merchant.contactPhone ?? "",
        commission: (merchant.commissionBps / 100).toFixed(2),
        payoutBasis: merchant.payoutBasis,
        payoutFrequency: merchant.payoutFrequency,
      } as Record<string, string>,
    },
    bank: await maskedBankDetails(context.db, bankKey(context), merchant.id),
    users: users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString().slice(0, 10) })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/merchants/:id");
  const merchant = await merchantOf(context, params.id);
  return merchantPageAction(context, actor, merchant.id, await request.formData());
}

export default function AdminMerchant({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, canManage } = loaderData;
  const busy = useNavigation().state === "submitting";
  const recordResult = actionData?.intent === "update" ? actionData : undefined;
  const inviteResult = actionData?.intent === "invite" ? actionData : undefined;
  const value = (name: string) => recordResult?.values?.[name] ?? merchant.record[name];
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/merchants" className="font-bold text-brand-dark underline">
          All merchants
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{merchant.record.displayName}</h1>
      {actionData?.formError && !recordResult?.fieldErrors && !inviteResult?.fieldErrors && <AccountFormMessage error={actionData.formError} />}
      {actionData?.success && <AccountFormMessage success={actionData.success} />}

      <section aria-labelledby="record-heading" className="mb-8 max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h2 id="record-heading" className="mb-4 text-xl font-bold">
          Record
        </h2>
        {canManage ? (
          <>
            <AdminFormErrors result={recordResult} fields={[...MERCHANT_RECORD_FIELDS, ...PAYOUT_FIELDS]} />
            <Form method="post" noValidate>
              <CsrfField token={loaderData.csrfToken} />
              <input type="hidden" name="intent" value="update" />
              {MERCHANT_RECORD_FIELDS.map((field) => (
                <AccountField
                  key={field.name}
                  id={field.id}
                  label={field.label}
                  name={field.name}
                  type={field.name === "contactEmail" ? "email" : "text"}
                  defaultValue={value(field.name)}
                  error={recordResult?.fieldErrors?.[field.name]}
                />
              ))}
              {PAYOUT_FIELDS.map((field) => (
                <SelectField key={field.name} id={field.id} label={field.label} name={field.name} options={field.options} labels={PAYOUT_LABELS} defaultValue={value(field.name)} error={recordResult?.fieldErrors?.[field.name]} />
              ))}
              <AccountSubmit busy={busy}>Save the record</AccountSubmit>
            </Form>
          </>
        ) : (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
            {MERCHANT_RECORD_FIELDS.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-bold">{field.label}</dt>
                <dd>{merchant.record[field.name] || "–"}</dd>
              </div>
            ))}
            {PAYOUT_FIELDS.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-bold">{field.label}</dt>
                <dd>{PAYOUT_LABELS[merchant.record[field.name]]}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="bank-heading" className="mb-8 max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h2 id="bank-heading" className="mb-2 text-xl font-bold">
          Bank details
        </h2>
        {loaderData.bank ? (
          <p data-testid="bank-summary">
            {loaderData.bank.accountName} · sort code {loaderData.bank.sortCode} · account {loaderData.bank.accountNumber}
          </p>
        ) : (
          <p>No bank details on file.</p>
        )}
        <p className="mt-2">
          <a href={`/admin/merchants/${merchant.id}/bank-details`} className="font-bold text-brand-dark underline">
            {loaderData.canChangeBank ? "View or change the bank details" : "View the bank details"}
          </a>
        </p>
      </section>

      <section aria-labelledby="users-heading" className="mb-8">
        <h2 id="users-heading" className="mb-2 text-xl font-bold">
          Portal users
        </h2>
        {loaderData.users.length === 0 ? (
          <p>Nobody signs in to this merchant's portal yet.</p>
        ) : (
          <ul className="mb-4 list-disc pl-5" data-testid="merchant-users">
            {loaderData.users.map((user) => (
              <li key={user.id}>
                {user.name} ({user.email}) · {MERCHANT_ROLE_LABELS[user.role]} · {user.status === "active" ? "Active" : "Invited"} since {user.createdAt}
              </li>
            ))}
          </ul>
        )}
        {canManage && (
          <div className="max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h3 className="mb-4 text-lg font-bold">Invite someone to the portal</h3>
            <AdminFormErrors result={inviteResult} fields={MERCHANT_INVITE_FIELDS} />
            <Form method="post" noValidate>
              <CsrfField token={loaderData.csrfToken} />
              <input type="hidden" name="intent" value="invite" />
              <AccountField id="merchant-user-name" label="Name" name="name" defaultValue={inviteResult?.values?.name} error={inviteResult?.fieldErrors?.name} />
              <AccountField id="merchant-user-email" label="Email" name="email" type="email" defaultValue={inviteResult?.values?.email} error={inviteResult?.fieldErrors?.email} />
              <fieldset className="mb-4">
                <legend className="mb-1 font-bold">May do</legend>
                {inviteResult?.fieldErrors?.role && (
                  <p id="merchant-user-role-error" className="mb-1 font-bold text-red-700">
                    {inviteResult.fieldErrors.role}
                  </p>
                )}
                {(["full", "redeem_only"] as const).map((role) => (
                  <label key={role} className="mb-1 flex items-center gap-2">
                    <input
                      type="radio"
                      id={`merchant-user-role-${role === "full" ? "full" : "redeem"}`}
                      name="role"
                      value={role}
                      defaultChecked={(inviteResult?.values?.role ?? "full") === role}
                      aria-describedby={inviteResult?.fieldErrors?.role ? "merchant-user-role-error" : undefined}
                    />
                    {MERCHANT_ROLE_LABELS[role]}
                  </label>
                ))}
              </fieldset>
              <AccountSubmit busy={busy}>Send invitation</AccountSubmit>
            </Form>
          </div>
        )}
      </section>
    </section>
  );
}

function SelectField(props: { id: string; label: string; name: string; options: readonly string[]; labels: Record<string, string>; defaultValue: string; error?: string }) {
  const errorId = `${props.id}-error`;
  return (
    <div className="mb-4">
      <label htmlFor={props.id} className="mb-1 block font-bold">
        {props.label}
      </label>
      {props.error && (
        <p id={errorId} className="mb-1 font-bold text-red-700">
          {props.error}
        </p>
      )}
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className="w-full rounded border border-gray-500 px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
