import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type MerchantRecordFields, updateMerchantRecord } from "../catalog/merchant-records";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { merchantError } from "./errors";
import { type Invitation, inviteMerchantUser } from "./invite-merchant-user";
import { type MerchantUserRole, merchantUsers } from "./schema";

/** Staff change a merchant's record (names, VAT number, contacts, commission), audited in the same transaction. */
export async function updateMerchant(db: Db, clock: Clock, actor: StaffActor, merchantId: number, fields: MerchantRecordFields, reason?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await updateMerchantRecord(tx, merchantId, fields);
    if (!changed) throw merchantError("UNKNOWN_MERCHANT");
    await recordStaffChange(tx, clock, actor, { action: "merchant.update", entity: { type: "merchant", id: merchantId }, before: changed.before, after: changed.after, reason });
  });
}

/** Staff invite a person to a merchant's portal (the emailed link, as the CLI does), audited in the same transaction. */
export async function inviteMerchantUserAsStaff(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: { merchantId: number; email: string; name: string; brand: BrandId; linkOrigin: string; role: MerchantUserRole },
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const invitation = await inviteMerchantUser(tx, clock, input);
    await recordStaffChange(tx, clock, actor, { action: "merchant-user.invite",
        entity: { type: "merchant_user", id: invitation.merchantUserId },
        before: null,
        after: { merchantId: input.merchantId, email: input.email.trim().toLowerCase(), name: input.name, role: input.role } });
    return invitation;
  });
}

export interface MerchantUserRow {
  id: number;
  name: string;
  email: string;
  role: MerchantUserRole;
  /** Invited: no password set yet. */
  status: "invited" | "active";
  createdAt: Date;
}

/** The people who sign in to a merchant's portal. */
export async function listMerchantUsers(db: Db, merchantId: number): Promise<MerchantUserRow[]> {
  const rows = await db
    .select({ id: merchantUsers.id, name: merchantUsers.name, email: merchantUsers.email, role: merchantUsers.role, passwordHash: merchantUsers.passwordHash, createdAt: merchantUsers.createdAt })
    .from(merchantUsers)
    .where(eq(merchantUsers.merchantId, merchantId))
    .orderBy(asc(merchantUsers.name), asc(merchantUsers.id));
  return rows.map(({ passwordHash, ...row }) => ({ ...row, status: passwordHash ? "active" : "invited" }));
}
