/**
 * A bundle deal's parts (spec: bundle.children[]: each business, what it gives, its VAT number and
 * its locations), as the deal page lists them. Staff replace the whole list in one save, in the
 * order typed; the change is audited, and a live deal's pages are dropped so shoppers see it next.
 */
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type BundlePart, readBundleParts, replaceBundleParts } from "../catalog/deal-bundle-records";
import { announceDealChanges } from "../catalog/deal-changes";
import { lockDealImages } from "../catalog/deal-images";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";

/** Rows the form offers: a bundle of more parts than this is not one shoppers can take in. */
export const MAX_BUNDLE_PARTS = 8;
export const BUNDLE_PART_FIELDS = ["name", "businessName", "vatNumber", "locations"] as const;
export const bundleField = (row: number, field: (typeof BUNDLE_PART_FIELDS)[number]) => `parts.${row}.${field}`;

/** UK (GB and 9 or 12 digits) and Irish (IE, 7 digits and one or two letters) VAT numbers, spaces ignored. */
const VAT_NUMBER = /^(GB\d{9}(\d{3})?|IE\d{7}[A-W][A-IW]?)$/;

export type BundleForm = { ok: true; parts: BundlePart[] } | { ok: false; fieldErrors: Record<string, string> };

/** Reads the form's rows (blank rows skipped); every problem at once, keyed by the field's name. */
export function parseBundleForm(raw: Record<string, string>): BundleForm {
  const fieldErrors: Record<string, string> = {};
  const parts: BundlePart[] = [];
  for (let row = 0; row < MAX_BUNDLE_PARTS; row++) {
    const value = (field: (typeof BUNDLE_PART_FIELDS)[number]) => (raw[bundleField(row, field)] ?? "").trim();
    if (BUNDLE_PART_FIELDS.every((field) => value(field) === "")) continue;
    const name = value("name");
    const businessName = value("businessName");
    const vatNumber = value("vatNumber").replace(/\s+/g, "").toUpperCase();
    const locations = value("locations")
      .split(",")
      .map((location) => location.trim())
      .filter(Boolean);
    if (!name) fieldErrors[bundleField(row, "name")] = "Enter what this part of the bundle is.";
    else if (name.length > 120) fieldErrors[bundleField(row, "name")] = "Keep this under 120 characters.";
    if (!businessName) fieldErrors[bundleField(row, "businessName")] = "Enter the business that provides it.";
    else if (businessName.length > 120) fieldErrors[bundleField(row, "businessName")] = "Keep this under 120 characters.";
    if (vatNumber && !VAT_NUMBER.test(vatNumber)) fieldErrors[bundleField(row, "vatNumber")] = "Enter a VAT number such as GB123456789 or IE1234567T, or leave it blank.";
    if (locations.length > 10 || locations.some((location) => location.length > 60))
      fieldErrors[bundleField(row, "locations")] = "List at most 10 places, separated by commas, each under 60 characters.";
    parts.push({ name, businessName, vatNumber: vatNumber || null, locations });
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, parts };
}

/** Replaces the deal's parts under its row lock, with an audit row of the list before and after. */
export async function saveBundleParts(db: Db, clock: Clock, actor: StaffActor, dealId: number, parts: BundlePart[]): Promise<void> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  await db.transaction(async (tx) => {
    // The deal's row lock (taken with its pictures): two saves of the parts run one after the other.
    const deal = await lockDealImages(tx, dealId);
    if (!deal) throw dealPipelineError("DEAL_NOT_FOUND");
    const before = await readBundleParts(tx, dealId);
    await replaceBundleParts(tx, dealId, parts);
    await recordStaffChange(tx, clock, actor, { action: "deal.bundle-parts", entity: { type: "deal", id: dealId }, before: { parts: before }, after: { parts } });
    if (deal.status === "live") await announceDealChanges(tx, [dealId]);
  });
}
