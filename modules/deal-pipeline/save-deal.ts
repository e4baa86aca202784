import type { Db } from "../../db/client";
import type { CachePurger } from "../../lib/cache-purge";
import { dealCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { announceDealChanges } from "../catalog/deal-changes";
import { type DealInput, type EditableDeal, checkDealReferences, insertDraftDeal, productsOfDeal, readEditableDeal, updateEditedDeal } from "../catalog/deal-editing";
import { DEAL_PROCESS } from "../catalog/deal-lifecycle";
import { recordStaffChange } from "../staff/record-staff-change";
import { recordInitialStatus } from "../states/transition";
import { reindexDeals } from "../search/index-deals";
import { type Permission, hasPermission } from "../staff/permissions";
import type { StaffActor } from "../staff/staff-actor";
import { optionField } from "./deal-form";
import { dealPipelineError } from "./errors";

export type SaveDealResult = { ok: true; dealId: number } | { ok: false; fieldErrors: Record<string, string> };

/** What the adapters give the deal editor: the shared cache in front (server/adapters.ts). */
export interface DealEditorServices {
  purger: CachePurger;
}

function requirePermission(actor: StaffActor, permission: Permission) {
  if (!actor.role || !hasPermission(actor.role, permission)) throw dealPipelineError("NOT_YOUR_ROLE");
}

/** The audit row's picture of a deal: its fields and options, money in minor units, times as ISO strings. */
function auditView(deal: Omit<DealInput, "dealType" | "redemptionType"> & { dealType: string; redemptionType: string }): Record<string, unknown> {
  return {
    headline: deal.headline,
    title: deal.title,
    description: deal.description,
    finePrint: deal.finePrint,
    dealType: deal.dealType,
    countryCode: deal.countryCode,
    locationId: deal.locationId,
    subCategoryId: deal.subCategoryId,
    merchantId: deal.merchantId,
    redemptionType: deal.redemptionType,
    promoTypeTitle: deal.promoTypeTitle,
    vipEarlyAccessUntil: deal.vipEarlyAccessUntil?.toISOString() ?? null,
    closingDate: deal.closingDate.toISOString(),
    pricePerPerson: deal.pricePerPerson,
    highFraudRisk: deal.highFraudRisk,
    vipDiscountAllowed: deal.vipDiscountAllowed,
    dailyCap: deal.dailyCap,
    weeklyCap: deal.weeklyCap,
    purchaseCap: deal.purchaseCap,
    depositPrice: deal.depositPrice,
    delivery: deal.delivery,
    options: deal.options.map((option) => ({ ...option })),
  };
}

/**
 * After the commit: search reads the deal again, and the pages showing it are dropped from the
 * shared cache in front (the purger) as well as every instance's own cache (the deal-changed
 * notification sent in the transaction), so the next request shows the new price and stock.
 */
async function afterCommit(db: Db, clock: Clock, services: DealEditorServices, dealId: number) {
  await reindexDeals(db, [dealId], clock);
  await services.purger.purge([dealCacheTag(dealId)]).catch(() => {
    // A failed purge is not fatal: the cached page expires on its own max-age (docs/decisions/server-adapters-composition-root.md).
  });
}

/** A deal manager builds a new deal: written as a draft with its options, its first history row and an audit row, in one transaction. */
export async function createDeal(db: Db, clock: Clock, actor: StaffActor, input: DealInput): Promise<SaveDealResult> {
  requirePermission(actor, "deals.create");
  const place = await checkDealReferences(db, input);
  if (Object.keys(place.problems).length > 0) return { ok: false, fieldErrors: place.problems };
  const now = clock.now();
  const dealId = await db.transaction(async (tx) => {
    const id = await insertDraftDeal(tx, { ...input, options: input.options.map((option) => ({ ...option, id: null })) }, place, now);
    await recordInitialStatus(tx, DEAL_PROCESS, [{ id, status: "draft" }], { actor: { type: "staff", id: String(actor.staffUserId) }, at: now });
    const created = await readEditableDeal(tx, id);
    await recordStaffChange(tx, clock, actor, { action: "deal.create", entity: { type: "deal", id }, before: null, after: auditView(created!) });
    return id;
  });
  await reindexDeals(db, [dealId], clock);
  return { ok: true, dealId };
}

/**
 * Staff change a deal and its options (prices, stock, caps, words, where it runs): written with an
 * audit row of before and after in one transaction under the deal's row lock; then, live or not,
 * search and the cached pages follow. Baskets keep the price they hold reserved
 * (docs/decisions/deal-editor-prices-and-baskets.md).
 */
export async function editDeal(db: Db, clock: Clock, services: DealEditorServices, actor: StaffActor, dealId: number, input: DealInput): Promise<SaveDealResult> {
  requirePermission(actor, "deals.edit");
  const place = await checkDealReferences(db, input);
  if (Object.keys(place.problems).length > 0) return { ok: false, fieldErrors: place.problems };
  const now = clock.now();
  const result = await db.transaction(async (tx): Promise<SaveDealResult> => {
    const before = await readEditableDeal(tx, dealId, true);
    if (!before) throw dealPipelineError("DEAL_NOT_FOUND");
    if (before.dealType === "travel") throw dealPipelineError("TRAVEL_NOT_EDITABLE");
    const named = input.options.flatMap((option) => (option.id === null ? [] : [option.id]));
    const own = await productsOfDeal(tx, dealId, named);
    const stranger = input.options.findIndex((option) => option.id !== null && !own.has(option.id));
    if (stranger >= 0) return { ok: false, fieldErrors: { [optionField(stranger, "title")]: "That option belongs to another deal: reload the page and try again." } };
    await updateEditedDeal(tx, dealId, input, place, now);
    const after = await readEditableDeal(tx, dealId);
    await recordStaffChange(tx, clock, actor, { action: "deal.edit", entity: { type: "deal", id: dealId }, before: auditView(before), after: auditView(after!) });
    await announceDealChanges(tx, [dealId]);
    return { ok: true, dealId };
  });
  if (result.ok) await afterCommit(db, clock, services, dealId);
  return result;
}

/** A new draft copy of a deal and its shown options (photos included), to change and send for review: audited as a creation that names its source. */
export async function cloneDeal(db: Db, clock: Clock, actor: StaffActor, sourceId: number): Promise<{ dealId: number }> {
  requirePermission(actor, "deals.create");
  const now = clock.now();
  const dealId = await db.transaction(async (tx) => {
    const source: EditableDeal | null = await readEditableDeal(tx, sourceId);
    if (!source) throw dealPipelineError("DEAL_NOT_FOUND");
    if (source.dealType === "travel") throw dealPipelineError("TRAVEL_NOT_EDITABLE");
    const input = {
      ...source,
      dealType: source.dealType as DealInput["dealType"],
      redemptionType: source.redemptionType as DealInput["redemptionType"],
      options: source.options.map((option) => ({ ...option, id: null })),
    };
    const place = await checkDealReferences(tx, input);
    const id = await insertDraftDeal(tx, input, place, now, source.images);
    await recordInitialStatus(tx, DEAL_PROCESS, [{ id, status: "draft" }], {
      actor: { type: "staff", id: String(actor.staffUserId) },
      at: now,
      reason: `Copied from deal ${sourceId}`,
    });
    const created = await readEditableDeal(tx, id);
    await recordStaffChange(tx, clock, actor, { action: "deal.clone", entity: { type: "deal", id }, before: null, after: { ...auditView(created!), clonedFrom: sourceId } });
    return id;
  });
  await reindexDeals(db, [dealId], clock);
  return { dealId };
}
