import { useEffect, useRef } from "react";
import { Form, useActionData } from "react-router";
import { findAdminDeal } from "../../../modules/catalog/admin-deals";
import { readDealImages } from "../../../modules/catalog/deal-images";
import { DEAL_PIPELINE_ERRORS } from "../../../modules/deal-pipeline/errors";
import { hasPermission } from "../../../modules/staff/permissions";
import { dealPhotosAction } from "../../admin/deal-photos.server";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/deal-photos";

export const meta = accountMeta("Deal photos");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

async function dealOf(context: Route.LoaderArgs["context"], id: string) {
  const deal = /^\d{1,9}$/.test(id) ? await findAdminDeal(context.db, Number(id)) : null;
  if (!deal) throw adminRefusal(404, DEAL_PIPELINE_ERRORS.DEAL_NOT_FOUND.message);
  return deal;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals/:id/photos");
  const deal = await dealOf(context, params.id);
  return {
    csrfToken: context.session.csrfToken(),
    deal: { id: deal.id, headline: deal.headline },
    photos: (await readDealImages(context.db, deal.id)).map((image) => ({ imageUrl: image.imageUrl, alt: image.alt ?? "" })),
    canEdit: hasPermission(session.member.role, "deals.edit"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/:id/photos");
  const deal = await dealOf(context, params.id);
  return dealPhotosAction(context, actor, deal.id, request);
}

const BUTTON = "rounded border border-gray-500 bg-white px-3 py-1 font-bold disabled:opacity-50";

export default function DealPhotosPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { deal, photos, canEdit, csrfToken } = loaderData;
  const summary = useRef<HTMLDivElement>(null);
  const errors = result?.fieldErrors ? Object.entries(result.fieldErrors) : [];
  useEffect(() => {
    if (!result) return;
    if (result.focus) {
      // Focus follows the moved photo: its same button, or the other one at the end of the list.
      const [direction, url] = [result.focus.slice(0, result.focus.indexOf(":")), result.focus.slice(result.focus.indexOf(":") + 1)];
      const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-photo]")).filter((button) => button.dataset.photo === url);
      const same = buttons.find((button) => button.value === direction && !button.disabled);
      (same ?? buttons.find((button) => !button.disabled))?.focus();
    } else summary.current?.focus();
    // The photos too: the moved photo's buttons are known only once the page's list is read again.
  }, [result, photos]);

  return (
    <main id="main" className="mx-auto max-w-4xl p-4">
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}`} className="font-bold text-brand-dark underline">
          Back to the deal
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Photos: {deal.headline}</h1>
      <div ref={summary} tabIndex={-1} aria-live="polite">
        {(errors.length > 0 || result?.formError) && (
          <div role="alert" className="mb-4 rounded border-2 border-red-700 p-3">
            <h2 className="font-bold">There is a problem</h2>
            <ul>
              {result?.formError && <li>{result.formError}</li>}
              {errors.map(([field, message]) => (
                <li key={field}>
                  <a href={`#photo-${field}`} className="underline">
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {result?.success && <p className="mb-4 rounded bg-green-50 p-3 font-bold">{result.success}</p>}
      </div>
      <p className="mb-4">The first photo is the deal's main picture, and the one shown when the deal is shared.</p>
      {photos.length === 0 ? (
        <p className="mb-6">No photos yet.</p>
      ) : (
        <ol className="mb-8 flex flex-col gap-4" aria-label="Photos in order">
          {photos.map((photo, index) => (
            <li
              key={photo.imageUrl}
              className="flex flex-wrap items-start gap-4 rounded-lg bg-white p-3 ring-1 ring-gray-200"
              draggable={canEdit}
              data-url={photo.imageUrl}
              onDragStart={(event) => event.dataTransfer.setData("text/plain", photo.imageUrl)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const dragged = event.dataTransfer.getData("text/plain");
                const order = photos.map((other) => other.imageUrl).filter((url) => url !== dragged);
                order.splice(index, 0, dragged);
                const input = document.getElementById("drag-order") as HTMLInputElement | null;
                if (!input || !photos.some((other) => other.imageUrl === dragged)) return;
                input.value = order.join("\n");
                input.form?.requestSubmit();
              }}
            >
              <img src={photo.imageUrl} alt="" width={160} height={100} className="aspect-[16/10] w-40 object-cover" />
              <div className="flex flex-1 flex-col gap-2">
                <p className="font-bold">
                  Photo {index + 1} of {photos.length}
                  {index === 0 ? " (main picture)" : ""}
                </p>
                {canEdit ? (
                  <>
                    <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                      <CsrfField token={csrfToken} />
                      <input type="hidden" name="imageUrl" value={photo.imageUrl} />
                      <label className="flex flex-col">
                        <span>Alt text for photo {index + 1}</span>
                        <input name="alt" defaultValue={photo.alt} required maxLength={250} className="w-80 rounded border border-gray-500 p-2" />
                      </label>
                      <button type="submit" name="intent" value="alt" className={BUTTON}>
                        Save alt text
                      </button>
                    </Form>
                    <Form method="post" className="flex flex-wrap gap-2">
                      <CsrfField token={csrfToken} />
                      <input type="hidden" name="imageUrl" value={photo.imageUrl} />
                      <button
                        type="submit"
                        name="intent"
                        value="up"
                        data-photo={photo.imageUrl}
                        disabled={index === 0}
                        className={BUTTON}
                        aria-label={`Move photo ${index + 1} up`}
                      >
                        Move up
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="down"
                        data-photo={photo.imageUrl}
                        disabled={index === photos.length - 1}
                        className={BUTTON}
                        aria-label={`Move photo ${index + 1} down`}
                      >
                        Move down
                      </button>
                      <button type="submit" name="intent" value="remove" className={BUTTON} aria-label={`Remove photo ${index + 1}`}>
                        Remove
                      </button>
                    </Form>
                  </>
                ) : (
                  <p>Alt text: {photo.alt || "(none)"}</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        <>
          <Form method="post" hidden>
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="order" />
            <input type="hidden" name="order" id="drag-order" />
          </Form>
          <section aria-labelledby="add-photo" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
            <h2 id="add-photo" className="mb-2 text-xl font-bold">
              Add a photo
            </h2>
            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate>
              <CsrfField token={csrfToken} />
              <label className="flex flex-col">
                <span>Photo (JPEG, PNG or WebP, up to 10 MB)</span>
                <input id="photo-photo" type="file" name="photo" accept="image/jpeg,image/png,image/webp" aria-invalid={result?.fieldErrors?.photo ? true : undefined} />
              </label>
              {result?.fieldErrors?.photo && <p className="font-bold text-red-700">{result.fieldErrors.photo}</p>}
              <label className="flex flex-col">
                <span>Alt text (describe the photo for shoppers who cannot see it)</span>
                <input id="photo-alt" name="alt" maxLength={250} className="rounded border border-gray-500 p-2" aria-invalid={result?.fieldErrors?.alt ? true : undefined} />
              </label>
              {result?.fieldErrors?.alt && <p className="font-bold text-red-700">{result.fieldErrors.alt}</p>}
              <button type="submit" name="intent" value="upload" className={`${BUTTON} self-start`}>
                Upload photo
              </button>
            </Form>
          </section>
        </>
      )}
    </main>
  );
}
