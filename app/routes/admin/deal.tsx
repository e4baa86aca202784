import { Form, useNavigation } from "react-router";
import { formatMoney } from "../../../lib/money";
import { marketTimeZone, wallTimeOf } from "../../../lib/market-time";
import { findAdminDeal } from "../../../modules/catalog/admin-deals";
import { listMerchantAddresses } from "../../../modules/catalog/merchant-address-records";
import { DEAL_PROCESS } from "../../../modules/catalog/deal-lifecycle";
import { movesFrom } from "../../../modules/deal-pipeline/moves";
import { DEAL_PIPELINE_ERRORS } from "../../../modules/deal-pipeline/errors";
import { listStaff } from "../../../modules/staff/list-staff";
import { hasPermission } from "../../../modules/staff/permissions";
import { statusHistory } from "../../../modules/states/transition";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { DEAL_COPY_FIELDS, GO_LIVE_FIELD, REASON_FIELD } from "../../admin/deal-state-fields";
import { dealCopyAction, dealStateAction } from "../../admin/deal-state.server";
import { cloneDealAction } from "../../admin/deal-editor.server";
import { previewLinkAction, previewLinksOf } from "../../admin/deal-preview.server";
import { formText } from "../../accounts/page.server";
import { DEAL_STATUS_LABELS } from "../../admin/deal-status-labels";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { CsrfField } from "../../components/CsrfField";
import { Addresses } from "../../components/deal/Addresses";
import { PreviewLinks } from "../../components/admin/PreviewLinks";
import type { Route } from "./+types/deal";

export const meta = accountMeta("Deal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const dealOf = (context: Route.LoaderArgs["context"], id: string) =>
  adminRecordOr404(id, (dealId) => findAdminDeal(context.db, dealId), DEAL_PIPELINE_ERRORS.DEAL_NOT_FOUND.message);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals/:id");
  const deal = await dealOf(context, params.id);
  const timeZone = marketTimeZone(deal.countryCode);
  const [history, staff, addresses] = await Promise.all([
    statusHistory(context.db, DEAL_PROCESS, deal.id),
    listStaff(context.db),
    listMerchantAddresses(context.db, deal.merchantId),
  ]);
  const staffName = new Map(staff.map((member) => [String(member.id), member.name]));
  const canEditCopy = hasPermission(session.member.role, "deals.edit");
  // Preview links are for deals shoppers cannot see yet.
  const previewable = canEditCopy && deal.status !== "live" && deal.status !== "closed";
  return {
    csrfToken: context.session.csrfToken(),
    deal: {
      id: deal.id,
      headline: deal.headline,
      status: deal.status,
      statusLabel: DEAL_STATUS_LABELS[deal.status],
      merchant: deal.merchant,
      merchantHref: hasPermission(session.member.role, "merchants.read") ? `/admin/merchants/${deal.merchantId}` : null,
      // The merchant's addresses, in the shape the deal page's Location section shows them.
      addresses: addresses.map((address) => ({
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2,
        town: address.town,
        postCode: address.postCode,
        latLon: { lat: address.lat, lon: address.lon },
      })),
      category: deal.category,
      location: deal.location ?? "Everywhere",
      price: formatMoney(deal.price, deal.currency),
      sold: deal.totalBought,
      closes: wallTimeOf(deal.closingDate, timeZone).replace("T", " "),
      goLiveAt: deal.goLiveAt ? wallTimeOf(deal.goLiveAt, timeZone).replace("T", " ") : null,
      // The shop's page: live and closed deals only (others are not shown to shoppers).
      shopHref: deal.status === "live" || deal.status === "closed" ? deal.urlPath : null,
      travel: deal.dealType === "travel",
      timeZone,
    },
    canEditCopy,
    previewLinks: previewable ? await previewLinksOf(context, deal) : null,
    canCreate: hasPermission(session.member.role, "deals.create"),
    created: new URL(request.url).searchParams.get("created") === "1",
    copy: { headline: deal.headline, title: deal.title, description: deal.description, finePrint: deal.finePrint } as Record<string, string>,
    moves: movesFrom(deal.status).filter((move) => hasPermission(session.member.role, move.permission)),
    history: history.map((event) => ({
      id: event.id,
      at: wallTimeOf(event.at, timeZone).replace("T", " "),
      to: DEAL_STATUS_LABELS[event.toStatus as keyof typeof DEAL_STATUS_LABELS] ?? event.toStatus,
      by:
        event.actorType === "system"
          ? `automatic (${event.actorId})`
          : event.actorType === "staff"
            ? (staffName.get(event.actorId ?? "") ?? "a former member of staff")
            : event.actorType,
      reason: event.reason,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/:id");
  const deal = await dealOf(context, params.id);
  const form = await request.formData();
  if (formText(form, "intent") === "copy") return dealCopyAction(context, actor, deal.id, form);
  if (formText(form, "intent") === "clone") return cloneDealAction(context, actor, deal.id);
  if (formText(form, "intent") === "preview") return previewLinkAction(context, actor, deal);
  return dealStateAction(context, actor, { id: deal.id, timeZone: marketTimeZone(deal.countryCode) }, form);
}

const INPUT = "rounded border border-gray-500 p-2";

export default function AdminDeal({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, moves } = loaderData;
  const busy = useNavigation().state === "submitting";
  const moveResult = actionData?.intent === "move" ? actionData : undefined;
  const copyResult = actionData?.intent === "copy" ? actionData : undefined;
  const previewResult = actionData && "intent" in actionData && actionData.intent === "preview" ? actionData : undefined;
  const needsReason = moves.some((move) => move.reason === "required");
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/deals" className="font-bold text-brand-dark underline">
          All deals
        </a>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{deal.headline}</h1>
      {loaderData.created && (
        <p role="status" className="mb-4 rounded bg-green-50 p-3">
          Draft created. Check the price preview on its edit page, then send it for review below.
        </p>
      )}
      {actionData && "intent" in actionData && actionData.intent === "clone" && <AccountFormMessage error={actionData.formError} />}
      {deal.travel && (
        <p className="mb-4">
          <a href={`/admin/deals/${deal.id}/travel-rates`} className="font-bold text-brand-dark underline">
            Nights and rates
          </a>{" "}
          (its dated options' prices and rooms, as a spreadsheet)
        </p>
      )}
      {(loaderData.canEditCopy || loaderData.canCreate) && (
        <div className="mb-4 flex flex-wrap gap-3">
          {loaderData.canEditCopy && (
            <a href={`/admin/deals/${deal.id}/edit`} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
              Edit the deal and its options
            </a>
          )}
          {loaderData.canCreate && (
            <Form method="post">
              <CsrfField token={loaderData.csrfToken} />
              <input type="hidden" name="intent" value="clone" />
              <button type="submit" disabled={busy} className="rounded border-2 border-brand px-4 py-2 font-bold text-brand-dark hover:bg-gray-50 disabled:opacity-60">
                Clone as a new draft
              </button>
            </Form>
          )}
        </div>
      )}
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
        <dt className="font-bold">Deal id</dt>
        <dd className="font-mono">{deal.id}</dd>
        <dt className="font-bold">State</dt>
        <dd data-testid="deal-state">{deal.statusLabel}</dd>
        {deal.goLiveAt && (
          <>
            <dt className="font-bold">Goes live</dt>
            <dd>
              {deal.goLiveAt} ({deal.timeZone})
            </dd>
          </>
        )}
        <dt className="font-bold">Merchant</dt>
        <dd>{deal.merchant}</dd>
        <dt className="font-bold">Category</dt>
        <dd>{deal.category}</dd>
        <dt className="font-bold">Location</dt>
        <dd>{deal.location}</dd>
        <dt className="font-bold">Price from</dt>
        <dd>{deal.price}</dd>
        <dt className="font-bold">Sold</dt>
        <dd>{deal.sold.toLocaleString("en-GB")}</dd>
        <dt className="font-bold">Closes</dt>
        <dd>
          {deal.closes} ({deal.timeZone})
        </dd>
      </dl>
      <section aria-labelledby="redemption-addresses" className="mb-6" data-testid="redemption-addresses">
        <h2 id="redemption-addresses" className="mb-2 text-xl font-bold">
          Addresses on the deal page
        </h2>
        {deal.addresses.length === 0 ? (
          <p>The merchant has no address yet, so the deal page shows none.</p>
        ) : (
          <>
            <p className="mb-2">Shoppers see the merchant&apos;s addresses in the deal page&apos;s Location section, main address first:</p>
            <Addresses businessName={deal.merchant} addresses={deal.addresses} />
          </>
        )}
        {deal.merchantHref && (
          <p className="mt-2">
            <a href={deal.merchantHref} className="font-bold text-brand-dark underline">
              Change the merchant&apos;s addresses
            </a>
          </p>
        )}
      </section>
      {loaderData.previewLinks && (
        <PreviewLinks
          links={loaderData.previewLinks}
          made={previewResult && "link" in previewResult ? previewResult.link : null}
          error={previewResult && "formError" in previewResult ? previewResult.formError : undefined}
          csrfToken={loaderData.csrfToken}
          busy={busy}
        />
      )}
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}/photos`} className="font-bold text-brand-dark underline">
          Photos
        </a>
      </p>
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}/bundle`} className="font-bold text-brand-dark underline">
          Bundle parts
        </a>
      </p>
      {deal.shopHref && (
        <p className="mb-6">
          <a href={deal.shopHref} className="font-bold text-brand-dark underline">
            See it in the shop
          </a>
        </p>
      )}

      <section aria-labelledby="change-state" className="mb-8 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <h2 id="change-state" className="mb-2 text-xl font-bold">
          Change its state
        </h2>
        <AdminFormErrors result={moveResult} fields={[REASON_FIELD, GO_LIVE_FIELD]} />
        {moveResult?.success && <AccountFormMessage success={moveResult.success} />}
        {moves.length === 0 ? (
          <p>{deal.status === "closed" ? "A closed deal stays closed." : "Your role cannot change this deal's state."}</p>
        ) : (
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <CsrfField token={loaderData.csrfToken} />
            <input type="hidden" name="from" value={deal.status} />
            <label htmlFor={REASON_FIELD.id} className="flex flex-col">
              {REASON_FIELD.label}
              {needsReason ? " (needed to send back, pause or close)" : " (optional)"}
              <textarea
                id={REASON_FIELD.id}
                name="reason"
                rows={2}
                maxLength={500}
                defaultValue={moveResult?.values?.reason}
                className={INPUT}
                aria-invalid={moveResult?.fieldErrors?.reason ? true : undefined}
              />
            </label>
            {moves.some((move) => move.to === "scheduled") && (
              <label htmlFor={GO_LIVE_FIELD.id} className="flex flex-col">
                {GO_LIVE_FIELD.label}, for Schedule
                <input
                  id={GO_LIVE_FIELD.id}
                  type="datetime-local"
                  name="goLiveAt"
                  defaultValue={moveResult?.values?.goLiveAt}
                  className={INPUT}
                  aria-invalid={moveResult?.fieldErrors?.goLiveAt ? true : undefined}
                />
              </label>
            )}
            <div className="flex flex-wrap gap-3">
              {moves.map((move) => (
                <button
                  key={move.to}
                  type="submit"
                  name="to"
                  value={move.to}
                  disabled={busy}
                  className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-60"
                >
                  {move.label}
                </button>
              ))}
            </div>
          </Form>
        )}
      </section>

      {loaderData.canEditCopy && (
        <section aria-labelledby="copy-heading" className="mb-8 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <h2 id="copy-heading" className="mb-2 text-xl font-bold">
            Its words
          </h2>
          <AdminFormErrors result={copyResult} fields={DEAL_COPY_FIELDS} />
          {copyResult?.success && <AccountFormMessage success={copyResult.success} />}
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <CsrfField token={loaderData.csrfToken} />
            <input type="hidden" name="intent" value="copy" />
            {DEAL_COPY_FIELDS.map((field) => {
              const error = copyResult?.fieldErrors?.[field.name];
              const long = field.name === "description" || field.name === "finePrint";
              const props = {
                id: field.id,
                name: field.name,
                defaultValue: copyResult?.values?.[field.name] ?? loaderData.copy[field.name],
                className: INPUT,
                "aria-invalid": error ? true : undefined,
                "aria-describedby": error ? `${field.id}-error` : undefined,
              };
              return (
                <div key={field.name} className="flex flex-col">
                  <label htmlFor={field.id} className="font-bold">
                    {field.label}
                  </label>
                  {long ? <textarea rows={field.name === "description" ? 8 : 4} {...props} /> : <input type="text" {...props} />}
                  {error && (
                    <p id={`${field.id}-error`} className="text-alert">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <AccountSubmit busy={busy}>Save the words</AccountSubmit>
          </Form>
        </section>
      )}

      <h2 className="mb-2 text-xl font-bold">History</h2>
      {loaderData.history.length === 0 ? (
        <p>No changes yet: the deal has been {deal.statusLabel.toLowerCase()} since it was made.</p>
      ) : (
        <ol className="space-y-2" data-testid="deal-history">
          {loaderData.history.map((event) => (
            <li key={event.id}>
              <time className="font-mono">{event.at}</time> · <strong>{event.to}</strong> · {event.by}
              {event.reason && <span> · “{event.reason}”</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
