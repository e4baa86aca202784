import { Form, useNavigation } from "react-router";
import { findMerchantRecord } from "../../../modules/catalog/merchant-records";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { listMerchantUsers } from "../../../modules/merchants/manage-merchant";
import { listMerchantAddresses } from "../../../modules/merchants/merchant-addresses";
import { hasPermission } from "../../../modules/staff/permissions";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { MERCHANT_ADDRESS_FIELDS, MERCHANT_INVITE_FIELDS, MERCHANT_RECORD_FIELDS, MERCHANT_ROLE_LABELS, PAYOUT_FIELDS, PAYOUT_LABELS } from "../../admin/merchant-fields";
import { maskedBankDetails } from "../../../modules/merchants/bank-details";
import { bankKey } from "../../admin/bank-details.server";
import { type FoundDeliveryPoint, merchantPageAction } from "../../admin/merchant.server";
import type { FormResult } from "../../accounts/form-result";
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
    addresses: await listMerchantAddresses(context.db, merchant.id),
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
  const addressResult = actionData?.intent === "find-address" || actionData?.intent === "add-address" ? actionData : undefined;
  const value = (name: string) => recordResult?.values?.[name] ?? merchant.record[name];
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/merchants" className="font-bold text-brand-dark underline">
          All merchants
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{merchant.record.displayName}</h1>
      {actionData?.formError && !recordResult?.fieldErrors && !inviteResult?.fieldErrors && !addressResult?.fieldErrors && <AccountFormMessage error={actionData.formError} />}
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

      <section aria-labelledby="addresses-heading" className="mb-8 max-w-xl">
        <h2 id="addresses-heading" className="mb-4 text-xl font-bold">
          Addresses
        </h2>
        {loaderData.addresses.length === 0 ? (
          <p className="mb-4">No addresses yet: deals of this merchant show no map.</p>
        ) : (
          <ul className="mb-4 space-y-2" data-testid="merchant-addresses">
            {loaderData.addresses.map((address) => (
              <li key={address.id} className="flex flex-wrap items-center gap-3 rounded bg-white p-3 ring-1 ring-gray-200">
                <span>
                  {[address.addressLine1, address.addressLine2, address.town, address.postCode].filter(Boolean).join(", ")}
                  {address.isMain && <strong> (main)</strong>}
                  {` · at ${address.lat.toFixed(4)}, ${address.lon.toFixed(4)}`}
                </span>
                {canManage && (
                  <Form method="post">
                    <CsrfField token={loaderData.csrfToken} />
                    <input type="hidden" name="intent" value="remove-address" />
                    <input type="hidden" name="addressId" value={address.id} />
                    <button type="submit" className="rounded border-2 border-red-700 px-2 py-1 font-bold text-red-700 focus-visible:ring-4 focus-visible:ring-yellow-400">
                      Remove<span className="sr-only"> {address.addressLine1}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage && <AddAddress csrfToken={loaderData.csrfToken} result={addressResult} busy={busy} />}
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

/**
 * Adding an address: a postcode looked up in the address data, then one of its delivery points
 * chosen; its lines and position come from the data. Points without a position are shown but cannot be chosen.
 */
function AddAddress({ csrfToken, result, busy }: { csrfToken: string; result: (FormResult & { found?: FoundDeliveryPoint[] }) | undefined; busy: boolean }) {
  const errors = result?.fieldErrors ?? {};
  const country = result?.values?.addressCountry ?? "GB";
  const postcode = result?.values?.addressPostcode ?? "";
  return (
    <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h3 className="mb-4 text-lg font-bold">Add an address</h3>
      <AdminFormErrors result={result} fields={MERCHANT_ADDRESS_FIELDS} />
      <Form method="post" noValidate>
        <CsrfField token={csrfToken} />
        <SelectField id="merchant-address-country" label="Country" name="addressCountry" options={["GB", "IE"]} labels={{ GB: "United Kingdom", IE: "Ireland" }} defaultValue={country} />
        <AccountField id="merchant-address-postcode" label="Postcode or Eircode" name="addressPostcode" defaultValue={postcode} error={errors.addressPostcode} />
        <button type="submit" name="intent" value="find-address" className="mb-4 rounded border-2 border-brand-dark px-3 py-2 font-bold text-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400">
          Find addresses
        </button>
        {result?.found && (
          <fieldset className="mb-4" aria-describedby={errors.deliveryPoint ? "merchant-address-choice-error" : undefined}>
            <legend className="mb-1 font-bold">Address</legend>
            {errors.deliveryPoint && (
              <p id="merchant-address-choice-error" className="mb-1 font-bold text-red-700">
                {errors.deliveryPoint}
              </p>
            )}
            {result.found.map((point, index) => (
              <label key={point.id} className="mb-1 flex items-center gap-2">
                <input type="radio" id={index === 0 ? "merchant-address-choice" : `merchant-address-choice-${point.id}`} name="deliveryPoint" value={point.id} disabled={!point.position} />
                {point.label}
                {point.position ? ` · at ${point.position.lat.toFixed(4)}, ${point.position.lon.toFixed(4)}` : " · no position in the address data: cannot be added"}
              </label>
            ))}
            <button
              type="submit"
              name="intent"
              value="add-address"
              aria-disabled={busy || undefined}
              className="mt-2 rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400"
            >
              Add this address
            </button>
          </fieldset>
        )}
      </Form>
    </div>
  );
}
