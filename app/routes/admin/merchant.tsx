import { Form, useNavigation } from "react-router";
import { findMerchantRecord } from "../../../modules/catalog/merchant-records";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { listMerchantUsers } from "../../../modules/merchants/manage-merchant";
import { hasPermission } from "../../../modules/staff/permissions";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { MERCHANT_INVITE_FIELDS, MERCHANT_RECORD_FIELDS } from "../../admin/merchant-fields";
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
      } as Record<string, string>,
    },
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
            <AdminFormErrors result={recordResult} fields={MERCHANT_RECORD_FIELDS} />
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
          </dl>
        )}
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
                {user.name} ({user.email}) · {user.status === "active" ? "Active" : "Invited"} since {user.createdAt}
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
              <AccountSubmit busy={busy}>Send invitation</AccountSubmit>
            </Form>
          </div>
        )}
      </section>
    </section>
  );
}
