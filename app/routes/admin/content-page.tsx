import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { findContentPageRecord } from "../../../modules/content/edit-content-page";
import { CONTENT_ERRORS } from "../../../modules/content/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CONTENT_PAGE_FIELDS } from "../../admin/content-fields";
import { contentPageAction } from "../../admin/content.server";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { ContentBody } from "../../components/ContentBody";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/content-page";

export const meta = accountMeta("Edit a content page");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const pageOf = (context: Route.LoaderArgs["context"], id: string) =>
  adminRecordOr404(id, (pageId) => findContentPageRecord(context.db, pageId), CONTENT_ERRORS.PAGE_NOT_FOUND.message);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/content/:id");
  const page = await pageOf(context, params.id);
  return {
    csrfToken: context.session.csrfToken(),
    page: {
      id: page.id,
      path: page.kind === "page" ? `/page/${page.slug}` : `/${page.slug}`,
      brand: page.brand,
      updatedAt: page.updatedAt.toISOString(),
      values: { displayName: page.displayName, description: page.description, text: page.text, additionalText: page.additionalText ?? "" } as Record<string, string>,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/content/:id");
  const page = await pageOf(context, params.id);
  return contentPageAction(context, actor, page.id, await request.formData());
}

const BUTTON = "rounded px-5 py-2 font-bold disabled:opacity-70";

export default function AdminContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const busy = useNavigation().state === "submitting";
  const preview = useRef<HTMLElement>(null);
  // A new preview takes the focus, so keyboard and screen-reader users land on what changed.
  useEffect(() => {
    if (actionData?.preview) preview.current?.focus();
  }, [actionData]);
  const value = (name: string) => actionData?.values?.[name] ?? page.values[name];
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/content" className="font-bold text-brand-dark underline">
          All content pages
        </a>
      </p>
      <h1 className="mb-1 text-2xl font-bold">{page.values.displayName}</h1>
      <p className="mb-4">
        Shown at{" "}
        <a href={page.path} className="font-mono text-brand-dark underline">
          {page.path}
        </a>{" "}
        on {page.brand ?? "every site"}.
      </p>
      <AdminFormErrors result={actionData} fields={CONTENT_PAGE_FIELDS} />
      {actionData?.success && <AccountFormMessage success={actionData.success} />}
      <Form method="post" className="flex max-w-3xl flex-col gap-3" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <input type="hidden" name="openedAt" value={page.updatedAt} />
        {CONTENT_PAGE_FIELDS.map((field) => (
          <AdminTextField key={field.name} field={field} defaultValue={value(field.name)} error={actionData?.fieldErrors?.[field.name]} />
        ))}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" disabled={busy} className={`${BUTTON} border-2 border-brand-dark text-brand-dark`}>
            Preview
          </button>
          <button type="submit" name="intent" value="save" disabled={busy} className={`${BUTTON} bg-brand text-white hover:bg-brand-dark`}>
            Save the page
          </button>
        </div>
      </Form>
      {actionData?.preview && (
        <section
          ref={preview}
          tabIndex={-1}
          aria-labelledby="preview-heading"
          className="mt-8 max-w-3xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200"
          data-testid="content-preview"
        >
          <h2 id="preview-heading" className="mb-4 text-sm font-bold uppercase text-gray-700">
            Preview (not saved)
          </h2>
          <p className="mb-4 text-3xl font-bold">{actionData.values?.displayName}</p>
          <ContentBody blocks={actionData.preview} />
          {actionData.values?.additionalText && <p className="mt-4 text-sm text-gray-700">{actionData.values.additionalText}</p>}
        </section>
      )}
    </section>
  );
}
