import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { BRAND_IDS, BRANDS } from "../../../lib/brand";
import { loadCategoryTree } from "../../../modules/catalog/categories";
import { findPromoCodeForStaff, PROMO_ADMIN_ERRORS } from "../../../modules/promotions/manage-promo-codes";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import { PROMO_CODE_FIELDS } from "../../admin/promo-code-fields";
import { promoCodeAction, promoFormValues, promoSummary } from "../../admin/promo-code.server";
import { AccountFormMessage } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/promo-code";

export const meta = accountMeta("Promo code");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** /admin/promo-codes/new and /admin/promo-codes/{id}: one form for a new code and for changing one. */
async function codeOf(context: Route.LoaderArgs["context"], request: Request, id: string | undefined) {
  const { actor } = await requireAdminPage(context, request, id === undefined ? "admin/promo-codes/new" : "admin/promo-codes/:id");
  if (id === undefined) return { actor, code: null };
  return { actor, code: await adminRecordOr404(id, (codeId) => findPromoCodeForStaff(context.db, codeId), PROMO_ADMIN_ERRORS.PROMO_NOT_FOUND.message) };
}

async function subCategories(context: Route.LoaderArgs["context"]) {
  const tree = await loadCategoryTree(context.db);
  return tree.children(null).map((top) => ({ id: top.id, name: top.name, children: tree.children(top.id).map((sub) => ({ id: sub.id, name: sub.name })) }));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { code } = await codeOf(context, request, params.id);
  const groups = await subCategories(context);
  const nameOf = (id: number | null) => groups.flatMap((group) => group.children).find((sub) => sub.id === id)?.name ?? null;
  const now = context.clock.now();
  return {
    csrfToken: context.session.csrfToken(),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    code: code && { id: code.id, uses: code.uses, summary: promoSummary(code, nameOf(code.subCategoryId)), values: promoFormValues(code) },
    // A new code: 10% off on wowcher from tomorrow for a week, once per shopper.
    blank: promoFormValues({
      brand: "wowcher",
      code: "",
      kind: "percentage",
      value: 10,
      minimumSpend: 0,
      subCategoryId: null,
      startsAt: new Date(now.getTime() + 86_400_000),
      endsAt: new Date(now.getTime() + 8 * 86_400_000),
      maxUses: null,
      maxUsesPerCustomer: 1,
    }),
    groups,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, code } = await codeOf(context, request, params.id);
  const groups = await subCategories(context);
  const nameOf = (id: number) => groups.flatMap((group) => group.children).find((sub) => sub.id === id)?.name ?? null;
  return promoCodeAction(context, actor, code?.id ?? null, await request.formData(), nameOf);
}

const INPUT = "rounded border border-gray-500 p-2";
const FIELD = Object.fromEntries(PROMO_CODE_FIELDS.map((field) => [field.name, field])) as Record<(typeof PROMO_CODE_FIELDS)[number]["name"], (typeof PROMO_CODE_FIELDS)[number]>;

function SelectField({ name, error, defaultValue, children }: { name: keyof typeof FIELD; error?: string; defaultValue: string; children: React.ReactNode }) {
  const field = FIELD[name];
  return (
    <div className="flex flex-col">
      <label htmlFor={field.id} className="font-bold">
        {field.label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={defaultValue}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field.id}-error` : undefined}
      >
        {children}
      </select>
      {error && (
        <p id={`${field.id}-error`} className="text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AdminPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  const { code } = loaderData;
  const busy = useNavigation().state === "submitting";
  const preview = useRef<HTMLParagraphElement>(null);
  // A new preview takes the focus, so keyboard and screen-reader users land on what changed.
  useEffect(() => {
    if (actionData?.summary) preview.current?.focus();
  }, [actionData]);
  const value = (name: string) => actionData?.values?.[name] ?? (code ? code.values[name] : loaderData.blank[name]);
  const errors = actionData?.fieldErrors;
  const text = (name: keyof typeof FIELD, type?: "datetime-local") => <AdminTextField field={FIELD[name]} defaultValue={value(name)} error={errors?.[name]} type={type} />;
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/promo-codes" className="font-bold text-brand-dark underline">
          All promo codes
        </a>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{code ? `Promo code ${code.values.code}` : "New promo code"}</h1>
      {code && (
        <p className="mb-4" data-testid="promo-current">
          {code.summary} Used {code.uses} {code.uses === 1 ? "time" : "times"}.
        </p>
      )}
      {loaderData.saved && !actionData && <AccountFormMessage success="Saved: the next basket that uses this code gets these terms." />}
      <AdminFormErrors result={actionData} fields={PROMO_CODE_FIELDS} />
      <Form method="post" className="flex max-w-xl flex-col gap-3" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <SelectField name="brand" defaultValue={value("brand")} error={errors?.brand}>
          {BRAND_IDS.map((id) => (
            <option key={id} value={id}>
              {BRANDS[id].displayName}
            </option>
          ))}
        </SelectField>
        {text("code")}
        <SelectField name="kind" defaultValue={value("kind")} error={errors?.kind}>
          <option value="percentage">A percentage off</option>
          <option value="fixed">A fixed amount off</option>
        </SelectField>
        {text("value")}
        {text("minimumSpend")}
        <SelectField name="subCategoryId" defaultValue={value("subCategoryId")} error={errors?.subCategoryId}>
          <option value="">Every deal</option>
          {loaderData.groups.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.children.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        {text("startsAt", "datetime-local")}
        {text("endsAt", "datetime-local")}
        {text("maxUses")}
        {text("maxUsesPerCustomer")}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            disabled={busy}
            className="rounded border-2 border-brand-dark px-5 py-2 font-bold text-brand-dark disabled:opacity-70"
          >
            Preview
          </button>
          <button type="submit" name="intent" value="save" disabled={busy} className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
            {code ? "Save the code" : "Create the code"}
          </button>
        </div>
      </Form>
      {actionData?.summary && (
        <p ref={preview} tabIndex={-1} className="mt-6 max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="promo-preview">
          <span className="font-bold">Preview (not saved): </span>
          {actionData.summary}
        </p>
      )}
    </section>
  );
}
