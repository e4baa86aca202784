import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { postcodeAddresses } from "../address/schema";
import { recordAudit } from "../audit/record-audit";
import { type MerchantAddress, deleteMerchantAddress, insertMerchantAddress, listMerchantAddresses } from "../catalog/merchant-address-records";
import { auditActor, type StaffActor } from "../staff/staff-actor";
import { merchantError } from "./errors";

export { listMerchantAddresses, type MerchantAddress };

/** The positions the address data holds for delivery points (null where it has none), by id. */
export async function positionsOfDeliveryPoints(db: Db, ids: number[]): Promise<Map<number, { lat: number; lon: number } | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: postcodeAddresses.id, lat: postcodeAddresses.lat, lon: postcodeAddresses.lon })
    .from(postcodeAddresses)
    .where(inArray(postcodeAddresses.id, ids));
  return new Map(rows.map((row) => [row.id, row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon }]));
}

const auditView = ({ id: _id, merchantId: _merchantId, ...address }: MerchantAddress) => address;

/**
 * Staff add an address to a merchant by picking a delivery point from the address data: its lines
 * and its position come from there, never typed, so the map shows where the data says. A delivery
 * point without a position is refused (no made-up coordinates). Audited in the same transaction.
 */
export async function addMerchantAddress(db: Db, clock: Clock, actor: StaffActor, merchantId: number, deliveryPointId: number): Promise<MerchantAddress> {
  return db.transaction(async (tx) => {
    const [point] = await tx.select().from(postcodeAddresses).where(eq(postcodeAddresses.id, deliveryPointId));
    if (!point) throw merchantError("UNKNOWN_DELIVERY_POINT");
    if (point.lat === null || point.lon === null) throw merchantError("ADDRESS_WITHOUT_POSITION");
    const added = await insertMerchantAddress(tx, {
      merchantId,
      addressLine1: point.line1,
      addressLine2: point.line2 || null,
      town: point.city,
      postCode: point.postcode,
      lat: point.lat,
      lon: point.lon,
    });
    const entry = { actor: auditActor(actor), entity: { type: "merchant", id: merchantId }, ip: actor.ip, requestId: actor.requestId };
    await recordAudit(tx, { ...entry, action: "merchant-address.add", before: null, after: auditView(added) }, clock);
    return added;
  });
}

/** Staff remove one of a merchant's addresses (the oldest left becomes main). Audited in the same transaction. */
export async function removeMerchantAddress(db: Db, clock: Clock, actor: StaffActor, merchantId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteMerchantAddress(tx, merchantId, addressId);
    if (!removed) throw merchantError("UNKNOWN_MERCHANT_ADDRESS");
    const entry = { actor: auditActor(actor), entity: { type: "merchant", id: merchantId }, ip: actor.ip, requestId: actor.requestId };
    await recordAudit(tx, { ...entry, action: "merchant-address.remove", before: auditView(removed), after: null }, clock);
  });
}
