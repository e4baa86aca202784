import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { staffError } from "./errors";
import { inviteStaff, type StaffInvitation } from "./invite-staff";
import { staffUsers } from "./schema";
import { COMMAND_LINE } from "./staff-actor";

/**
 * The first owner (`npm run staff -- create-owner`): an invitation with the owner role from the
 * command line. Refused while an active owner exists, unless forced.
 */
export async function createOwner(db: Db, clock: Clock, input: { email: string; name: string; force: boolean; brand: BrandId; linkOrigin: string }): Promise<StaffInvitation> {
  if (!input.force) {
    const [owner] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)))
      .limit(1);
    if (owner) throw staffError("OWNER_EXISTS");
  }
  return inviteStaff(db, clock, COMMAND_LINE, { email: input.email, name: input.name, role: "owner", brand: input.brand, linkOrigin: input.linkOrigin });
}
