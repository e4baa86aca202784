import { Form, redirect } from "react-router";
import { FIELD_MESSAGES } from "../../../modules/accounts/errors";
import { deleteSignedInAccount } from "../../../server/accounts/delete-account";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { formResult, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountDeleteButton } from "../../components/AccountDeleteButton";
import { AccountCheckbox } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/delete";

export const meta = accountMeta("Delete account");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return { csrfToken: context.session.csrfToken() };
}

/** Deletes the account for good once the customer has ticked the confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const form = await request.formData();
  if (form.get("confirm") !== "on") return formResult({ fieldErrors: { confirm: FIELD_MESSAGES.required } }, 400);
  await deleteSignedInAccount(context, customer.id);
  return redirect("/account-deleted");
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">Delete account</h1>
      <p className="mb-2">Deleting your account is final. Your name, email, address, wish list and history are removed and you are signed out everywhere.</p>
      <p className="mb-6">Vouchers you have bought stay valid for their holders; your orders are kept for our accounts without your personal details.</p>
      <Form method="post" id="delete-account" noValidate className="max-w-md">
        <CsrfField token={loaderData.csrfToken} />
        <AccountCheckbox label="I understand that my account will be deleted permanently" name="confirm" error={actionData?.fieldErrors?.confirm} />
        <AccountDeleteButton formId="delete-account" />
      </Form>
    </section>
  );
}
