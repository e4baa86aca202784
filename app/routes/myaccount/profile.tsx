import { Form, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../modules/accounts/errors";
import { getProfile, updateProfile } from "../../../modules/accounts/profile";
import { parseFields, profileFields } from "../../../modules/accounts/validation";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { formResult, formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountCheckbox, AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/profile";
import { shownError } from "../../../server/errors";

export const meta = accountMeta("Account details");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  return {
    profile: await getProfile(context.db, customer.id),
    csrfToken: context.session.csrfToken(),
    irish: context.brand.countryCode === "IE",
  };
}

const FIELDS = ["firstName", "lastName", "email", "addressLine1", "addressLine2", "city", "postcode"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
  const subscribed = form.get("subscribed") === "on";
  const parsed = parseFields(profileFields(context.brand.countryCode), { ...values, subscribed });
  if (!parsed.ok) return formResult({ values, fieldErrors: parsed.fieldErrors }, 400);
  try {
    await updateProfile(context.db, context.clock, { customerId: customer.id, change: parsed.data, linkOrigin: context.publicOrigin });
    return formResult({ success: ACCOUNT_MESSAGES.profileSaved });
  } catch (error) {
    const shown = shownError(error);
    return formResult({ values, formError: shown.message }, shown.status);
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { profile } = loaderData;
  // After a failed save the form shows what was typed; otherwise what is stored.
  const value = (name: (typeof FIELDS)[number]) =>
    actionData?.values?.[name] ?? (name in profile.address ? profile.address[name as keyof typeof profile.address] : (profile[name as "email"] ?? ""));
  const errors = actionData?.fieldErrors;
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-6 text-2xl font-bold">Account details</h1>
      <AccountFormMessage error={actionData?.formError} success={actionData?.success} />
      <Form method="post" noValidate className="max-w-md">
        <CsrfField token={loaderData.csrfToken} />
        <AccountField label="First Name" name="firstName" autoComplete="given-name" defaultValue={value("firstName")} error={errors?.firstName} />
        <AccountField label="Last Name" name="lastName" autoComplete="family-name" defaultValue={value("lastName")} error={errors?.lastName} />
        <AccountField label="Email" name="email" type="email" autoComplete="email" defaultValue={value("email")} error={errors?.email} />
        <fieldset className="mb-4">
          <legend className="mb-2 text-lg font-bold">Address</legend>
          <AccountField label="Address Line 1" name="addressLine1" autoComplete="address-line1" defaultValue={value("addressLine1")} error={errors?.addressLine1} />
          <AccountField label="Address Line 2" name="addressLine2" autoComplete="address-line2" defaultValue={value("addressLine2")} error={errors?.addressLine2} />
          <AccountField label="City" name="city" autoComplete="address-level2" defaultValue={value("city")} error={errors?.city} />
          <AccountField
            label={loaderData.irish ? "Eircode" : "Postcode"}
            name="postcode"
            autoComplete="postal-code"
            defaultValue={value("postcode")}
            error={errors?.postcode}
          />
        </fieldset>
        <AccountCheckbox label="Email me the best deals near me" name="subscribed" defaultChecked={profile.subscribed} />
        <AccountSubmit busy={busy}>Save changes</AccountSubmit>
      </Form>
    </section>
  );
}
