import { Form, data, redirect, useNavigation } from "react-router";
import { localDate } from "../../../lib/market-time";
import { proposeDeal } from "../../../modules/merchants/deal-proposals";
import { MAX_PROPOSAL_PHOTOS, PROPOSAL_OPTION_ROWS, parseProposalForm, proposalAltField, proposalOptionField, proposalPhotoField } from "../../../modules/merchants/proposal-form";
import { storeProposalPhotos } from "../../../modules/merchants/proposal-photos";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/proposal-new";

export const meta = accountMeta("Propose a deal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

type Answer = { fieldErrors: Record<string, string>; values: Record<string, string> };

/** Field ids are the names with dots as dashes, so the summary's links find them. */
const idOf = (name: string) => `proposal-${name.replace(/\./g, "-")}`;

const LABELS: Record<string, string> = { title: "Title", description: "Description", quantity: "Quantity", startWanted: "First date wanted", endWanted: "Last date wanted" };

/** Every field in the form's order, with its label (for the error summary). */
function fieldOrder() {
  const fields: { name: string; label: string }[] = [
    { name: "title", label: LABELS.title },
    { name: "description", label: LABELS.description },
  ];
  for (let row = 0; row < PROPOSAL_OPTION_ROWS; row++) {
    fields.push({ name: proposalOptionField(row, "title"), label: `Price point ${row + 1}: what the shopper gets` });
    fields.push({ name: proposalOptionField(row, "price"), label: `Price point ${row + 1}: deal price` });
    fields.push({ name: proposalOptionField(row, "originalPrice"), label: `Price point ${row + 1}: usual price` });
  }
  fields.push({ name: "quantity", label: LABELS.quantity }, { name: "startWanted", label: LABELS.startWanted }, { name: "endWanted", label: LABELS.endWanted });
  for (let index = 0; index < MAX_PROPOSAL_PHOTOS; index++) {
    fields.push({ name: proposalPhotoField(index), label: `Photo ${index + 1}` }, { name: proposalAltField(index), label: `Photo ${index + 1}: alt text` });
  }
  return fields;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMerchant(context, request);
  return { csrfToken: context.session.csrfToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<Answer>({ fieldErrors: { title: "The form could not be read (are the photos over 10 MB?). Please try again." }, values: {} }, { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "csrf") values[name] = value;
  const parsed = parseProposalForm(values, localDate(context.clock.now(), portalTimeZone(context)));
  const uploads = [];
  for (let index = 0; index < MAX_PROPOSAL_PHOTOS; index++) {
    const file = form.get(proposalPhotoField(index));
    uploads.push({ bytes: file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(), alt: values[proposalAltField(index)] ?? "" });
  }
  const fieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  const photos = Object.keys(fieldErrors).length === 0 ? await storeProposalPhotos(context.adapters.storage, merchant.user.merchantId, uploads) : null;
  if (photos && !photos.ok) Object.assign(fieldErrors, photos.fieldErrors);
  if (!parsed.ok || !photos || !photos.ok) {
    if (uploads.some((upload) => upload.bytes.length > 0) && !fieldErrors[proposalPhotoField(0)])
      fieldErrors[proposalPhotoField(0)] ??= "Choose the photos again: files are not kept when the form has a problem.";
    return data<Answer>({ fieldErrors, values }, { status: 400 });
  }
  try {
    const { proposalId } = await proposeDeal(
      context.db,
      context.clock,
      { userId: merchant.user.id, merchantId: merchant.user.merchantId, name: merchant.user.name, role: merchant.user.role },
      parsed.input,
      photos.photos,
    );
    return redirect(`/merchant/proposals/${proposalId}?sent=1`);
  } catch (error) {
    const shown = shownError(error);
    return data<Answer>({ fieldErrors: { title: shown.message }, values }, { status: shown.status });
  }
}

function Field({
  name,
  label,
  hint,
  answer,
  type = "text",
  multiline = false,
}: {
  name: string;
  label: string;
  hint?: string;
  answer?: Answer;
  type?: string;
  multiline?: boolean;
}) {
  const id = idOf(name);
  const error = answer?.fieldErrors[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: FIELD_INPUT_CLASS };
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={6} defaultValue={answer?.values[name] ?? ""} />
      ) : type === "file" ? (
        <input {...common} type="file" accept="image/jpeg,image/png,image/webp" />
      ) : (
        <input {...common} type={type} defaultValue={answer?.values[name] ?? ""} />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

export default function ProposeDeal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = fieldOrder().flatMap((field) =>
    actionData?.fieldErrors[field.name] ? [{ fieldId: idOf(field.name), message: actionData.fieldErrors[field.name], label: field.label }] : [],
  );
  return (
    <section aria-labelledby="propose-heading" className="max-w-2xl">
      <h1 id="propose-heading" className="mb-4 text-2xl font-bold">
        Propose a deal
      </h1>
      <ErrorSummary errors={errors} attempt={actionData} />
      <Form method="post" encType="multipart/form-data" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <Field name="title" label={LABELS.title} hint="What the deal is, as a shopper would read it." answer={actionData} />
        <Field name="description" label={LABELS.description} hint="What is included, where, and anything a shopper should know." answer={actionData} multiline />
        <fieldset className="mb-4 rounded border border-gray-300 p-3">
          <legend className="px-1 font-bold">Price points</legend>
          <p className="mb-2 text-sm text-gray-700">One row per choice the shopper has, in pounds and pence. Leave rows you do not need blank.</p>
          {Array.from({ length: PROPOSAL_OPTION_ROWS }, (_, row) => (
            <fieldset key={row} className="mb-2">
              <legend className="font-bold">Price point {row + 1}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                <Field name={proposalOptionField(row, "title")} label="What the shopper gets" answer={actionData} />
                <Field name={proposalOptionField(row, "price")} label="Deal price" answer={actionData} />
                <Field name={proposalOptionField(row, "originalPrice")} label="Usual price" answer={actionData} />
              </div>
            </fieldset>
          ))}
        </fieldset>
        <Field name="quantity" label={LABELS.quantity} hint="How many vouchers you can honour." answer={actionData} />
        <div className="grid gap-2 sm:grid-cols-2">
          <Field name="startWanted" label={LABELS.startWanted} type="date" answer={actionData} />
          <Field name="endWanted" label={LABELS.endWanted} type="date" answer={actionData} />
        </div>
        <fieldset className="mb-4 rounded border border-gray-300 p-3">
          <legend className="px-1 font-bold">Photos (up to {MAX_PROPOSAL_PHOTOS})</legend>
          <p className="mb-2 text-sm text-gray-700">JPEG, PNG or WebP, up to 10 MB each. Describe each photo for shoppers who cannot see it.</p>
          {Array.from({ length: MAX_PROPOSAL_PHOTOS }, (_, index) => (
            <div key={index} className="grid gap-2 sm:grid-cols-2">
              <Field name={proposalPhotoField(index)} label={`Photo ${index + 1}`} type="file" answer={actionData} />
              <Field name={proposalAltField(index)} label={`Photo ${index + 1}: alt text`} answer={actionData} />
            </div>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400 disabled:opacity-70"
        >
          Send the proposal
        </button>
      </Form>
    </section>
  );
}
