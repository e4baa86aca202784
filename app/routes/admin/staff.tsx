import { Form, useNavigation } from "react-router";
import { listStaff } from "../../../modules/staff/list-staff";
import { ROLE_LABELS } from "../../../modules/staff/permissions";
import { STAFF_ROLES } from "../../../modules/staff/roles";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { staffPageAction } from "../../admin/staff.server";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { CsrfField } from "../../components/CsrfField";
import { TableScroller } from "../../components/TableScroller";
import { HeadingRow } from "../../components/HeadingRow";
import type { Route } from "./+types/staff";

export const meta = accountMeta("Staff");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const INVITE_FIELDS = [
  { name: "name", id: "invite-name", label: "Name" },
  { name: "email", id: "invite-email", label: "Email" },
  { name: "role", id: "invite-role", label: "Role" },
] as const;

const STATUS_LABELS = { invited: "Invited", active: "Active", disabled: "Disabled" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/staff");
  const staff = await listStaff(context.db);
  return {
    csrfToken: context.session.csrfToken(),
    selfId: session.member.id,
    staff: staff.map((member) => ({ ...member, createdAt: member.createdAt.toISOString().slice(0, 10) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/staff");
  return staffPageAction(context, actor, await request.formData());
}

const roleOptions = STAFF_ROLES.map((role) => (
  <option key={role} value={role}>
    {ROLE_LABELS[role]}
  </option>
));

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const inviteResult = actionData?.intent === "invite" ? actionData : undefined;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Staff</h1>
      {actionData?.intent !== "invite" && actionData?.formError && <AccountFormMessage error={actionData.formError} />}
      {actionData?.success && <AccountFormMessage success={actionData.success} />}
      <TableScroller label="Staff">
        <table className="mb-8 w-full border-collapse text-left">
          <caption className="sr-only">Everyone who works in the back office</caption>
          <thead>
            <HeadingRow headings={["Name", "Email", "Role", "Status", "Authenticator", "Actions"]} />
          </thead>
          <tbody>
            {loaderData.staff.map((member) => (
              <tr key={member.id} className="border-b border-gray-200 align-top">
                <th scope="row" className="p-2 font-bold">
                  {member.name}
                </th>
                <td className="p-2">{member.email}</td>
                <td className="p-2">{ROLE_LABELS[member.role]}</td>
                <td className="p-2">{STATUS_LABELS[member.status]}</td>
                <td className="p-2">{member.secondFactor ? "Set up" : "Not set up"}</td>
                <td className="p-2">
                  {member.id !== loaderData.selfId && member.status !== "disabled" && (
                    <div className="flex flex-col gap-2">
                      <Form method="post" className="flex flex-wrap items-end gap-2">
                        <CsrfField token={loaderData.csrfToken} />
                        <input type="hidden" name="intent" value="change-role" />
                        <input type="hidden" name="staffUserId" value={member.id} />
                        <label className="flex flex-col text-sm">
                          New role for {member.name}
                          <select name="role" defaultValue={member.role} className="rounded border border-gray-500 p-1">
                            {roleOptions}
                          </select>
                        </label>
                        <button type="submit" className="rounded border border-brand px-2 py-1 font-bold text-brand-dark">
                          Change role
                        </button>
                      </Form>
                      <Form method="post">
                        <CsrfField token={loaderData.csrfToken} />
                        <input type="hidden" name="intent" value="reset-second-factor" />
                        <input type="hidden" name="staffUserId" value={member.id} />
                        <button type="submit" className="rounded border border-gray-500 px-2 py-1" aria-label={`Reset the authenticator of ${member.name}`}>
                          Reset authenticator
                        </button>
                      </Form>
                      <Form method="post">
                        <CsrfField token={loaderData.csrfToken} />
                        <input type="hidden" name="intent" value="disable" />
                        <input type="hidden" name="staffUserId" value={member.id} />
                        <button type="submit" className="rounded border border-alert px-2 py-1 text-alert" aria-label={`Disable ${member.name}`}>
                          Disable
                        </button>
                      </Form>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <section aria-labelledby="invite-heading" className="max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h2 id="invite-heading" className="mb-4 text-xl font-bold">
          Invite a member of staff
        </h2>
        <AdminFormErrors result={inviteResult} fields={INVITE_FIELDS} />
        <Form method="post" noValidate>
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="intent" value="invite" />
          <AccountField id="invite-name" label="Name" name="name" defaultValue={inviteResult?.values?.name} error={inviteResult?.fieldErrors?.name} />
          <AccountField id="invite-email" label="Email" name="email" type="email" defaultValue={inviteResult?.values?.email} error={inviteResult?.fieldErrors?.email} />
          <div className="mb-4 flex flex-col">
            <label htmlFor="invite-role" className="font-bold">
              Role
            </label>
            <select
              id="invite-role"
              name="role"
              defaultValue={inviteResult?.values?.role ?? "deal_manager"}
              className="rounded border border-gray-500 p-2"
              aria-describedby={inviteResult?.fieldErrors?.role ? "invite-role-error" : undefined}
            >
              {roleOptions}
            </select>
            {inviteResult?.fieldErrors?.role && (
              <p id="invite-role-error" className="text-alert">
                {inviteResult.fieldErrors.role}
              </p>
            )}
          </div>
          <AccountSubmit busy={busy}>Send invitation</AccountSubmit>
        </Form>
      </section>
    </section>
  );
}
