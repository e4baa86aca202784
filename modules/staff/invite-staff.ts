import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { normalizeEmail } from "../accounts/validation";
import { enqueue } from "../mail/outbox";
import { hashToken, randomToken } from "../security/tokens";
import { staffInvitationEmail } from "./emails";
import { staffError } from "./errors";
import { recordStaffChange } from "./record-staff-change";
import { staffInvitations, staffUsers, type StaffRole } from "./schema";
import type { StaffActor } from "./staff-actor";

export const STAFF_INVITATION_LIFETIME_MS = 3 * 86_400_000;

/** The page an invitation link opens. */
export function staffInvitationPath(token: string): string {
  return `/admin/invitation/${encodeURIComponent(token)}`;
}

export interface StaffInvitation {
  staffUserId: number;
  /** The absolute link from the configured origin (also emailed); only its hash is stored. */
  url: string;
  expiresAt: Date;
}

/**
 * Invites a person to the back office with a role: creates the member (no password, no
 * authenticator until the invitation is accepted) and emails the single-use link, with its audit
 * row, in one transaction. An email already in use is refused (re-inviting is a second-factor reset).
 */
export async function inviteStaff(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: { email: string; name: string; role: StaffRole; brand: BrandId; linkOrigin: string },
): Promise<StaffInvitation> {
  const email = normalizeEmail(input.email);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(sql`lower(${staffUsers.email}) = ${email}`);
    if (taken) throw staffError("EMAIL_TAKEN");
    const [user] = await tx
      .insert(staffUsers)
      .values({ email, name: input.name, role: input.role, invitedBy: actor.staffUserId, createdAt: now })
      .returning({ id: staffUsers.id });
    const invitation = await issueInvitation(tx, clock, user.id, { ...input, email });
    await recordStaffChange(tx, clock, actor, { action: "staff.invite", entity: { type: "staff_user", id: user.id }, before: null, after: { email, name: input.name, role: input.role } });
    return invitation;
  });
}

/** A new single-use link for a member (earlier links stop working), emailed through the outbox in `tx`. */
export async function issueInvitation(
  tx: Db,
  clock: Clock,
  staffUserId: number,
  input: { email: string; name: string; role: StaffRole; brand: BrandId; linkOrigin: string },
): Promise<StaffInvitation> {
  const now = clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_LIFETIME_MS);
  const url = `${input.linkOrigin}${staffInvitationPath(token)}`;
  await tx
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.staffUserId, staffUserId), isNull(staffInvitations.usedAt)));
  await tx.insert(staffInvitations).values({ tokenHash: hashToken(token), staffUserId, createdAt: now, expiresAt });
  await enqueue(tx, staffInvitationEmail({ brand: input.brand, to: input.email, name: input.name, role: input.role, url }), clock);
  return { staffUserId, url, expiresAt };
}
