/**
 * The gift wrap and gift packs each market sells at checkout (spec §3 gift types): staff change a
 * preset's price and how many are left. Each change is audited in its transaction; checkout reads
 * the presets on every request, so the next basket shows the new price. A line already in a basket
 * keeps the price it reserved (docs/decisions/gift-presets-editing.md).
 */
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { parseMajorUnits } from "../../lib/money";
import { lockGiftPresetRecord, updateGiftPresetRecord } from "../catalog/gift-presets";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";

/** The most a wrap or a pack may cost, in minor units: a typo of £2,999 for £2.99 is refused. */
export const GIFT_PRESET_MAX_PRICE = 100_00;
export const GIFT_PRESET_MAX_UNITS = 1_000_000;

export interface GiftPresetChange {
  price: number;
  /** Null: unlimited. */
  unitsLeft: number | null;
}

export type GiftPresetForm = { ok: true; change: GiftPresetChange } | { ok: false; fieldErrors: Record<"price" | "unitsLeft", string | undefined> };

/** Reads the form's price ("2.99") and units left (a whole number, blank for unlimited); every problem at once. */
export function parseGiftPresetForm(raw: { price: string; unitsLeft: string }): GiftPresetForm {
  const priceText = raw.price.trim().replace(/^[£€]/, "");
  const price = priceText ? parseMajorUnits(priceText) : null;
  const unitsText = raw.unitsLeft.trim().replace(/,/g, "");
  const fieldErrors: Record<"price" | "unitsLeft", string | undefined> = { price: undefined, unitsLeft: undefined };
  if (!priceText) fieldErrors.price = "Enter the price, such as 2.99.";
  else if (price === null) fieldErrors.price = "Enter an amount in pounds and pence, such as 2.99.";
  else if (price <= 0 || price > GIFT_PRESET_MAX_PRICE) fieldErrors.price = "Enter a price above 0 and at most 100.00.";
  if (unitsText && (!/^\d{1,7}$/.test(unitsText) || Number(unitsText) > GIFT_PRESET_MAX_UNITS))
    fieldErrors.unitsLeft = "Enter a whole number from 0 to 1,000,000, or leave it blank for unlimited.";
  if (fieldErrors.price || fieldErrors.unitsLeft) return { ok: false, fieldErrors };
  return { ok: true, change: { price: price!, unitsLeft: unitsText ? Number(unitsText) : null } };
}

/** Changes one preset under its row lock (sales of it wait), with an audit row of before and after. */
export async function changeGiftPreset(db: Db, clock: Clock, actor: StaffActor, productId: number, change: GiftPresetChange): Promise<void> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  await db.transaction(async (tx) => {
    const record = await lockGiftPresetRecord(tx, productId);
    if (!record) throw dealPipelineError("GIFT_PRESET_NOT_FOUND");
    await updateGiftPresetRecord(tx, record, change, clock.now());
    await recordStaffChange(tx, clock, actor, {
      action: "gift_preset.edit",
      entity: { type: "deal", id: record.dealId },
      before: { price: record.price, unitsLeft: record.unitsLeft },
      after: { price: change.price, unitsLeft: change.unitsLeft },
    });
  });
}
