import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { decodeBase32, encodeBase32, groupedBase32 } from "../sign-in/base32";
import { newRecoveryCodes } from "../sign-in/recovery-codes";
import { newTotpSecret, totpEnrolmentUri, verifyTotp } from "../sign-in/totp";
import { staffError } from "./errors";
import { staffRecoveryCodes, staffUsers } from "./schema";

export const TOTP_ISSUER = "Dealwise back office";

/**
 * A secret to enrol (or the one the form carried back after a wrong code): the form carries it
 * (base32) with the first code; nothing is stored until that code is right.
 */
export function newStaffTotpEnrolment(email: string, carried?: string) {
  const kept = carried ? decodeBase32(carried) : null;
  const secret = kept && kept.length >= 16 ? kept : newTotpSecret();
  return { secret: encodeBase32(secret), grouped: groupedBase32(secret), uri: totpEnrolmentUri(secret, TOTP_ISSUER, email) };
}

/**
 * Confirms enrolment with the first code from the app: stores the secret (the code's step as used,
 * so it cannot sign in again) and ten new recovery codes, answering the plain codes to show once.
 * Refused when the member already has an authenticator (a reset goes through a new invitation).
 */
export async function confirmStaffTotp(db: Db, clock: Clock, staffUserId: number, input: { secret: string; code: string }): Promise<{ recoveryCodes: string[] }> {
  const secret = decodeBase32(input.secret);
  if (!secret || secret.length < 16) throw staffError("INVALID_CODE");
  const check = verifyTotp(secret, input.code, clock.now(), null);
  if (!check.ok) throw staffError("INVALID_CODE");
  const { codes, hashes } = await newRecoveryCodes();
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [enrolled] = await tx
      .update(staffUsers)
      .set({ totpSecret: Buffer.from(secret).toString("base64"), totpLastUsedStep: check.usedStep, totpEnrolledAt: now })
      .where(and(eq(staffUsers.id, staffUserId), isNull(staffUsers.totpEnrolledAt)))
      .returning({ id: staffUsers.id });
    if (!enrolled) throw staffError("INVALID_CODE");
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staffUserId));
    await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffUserId, codeHash, createdAt: now })));
  });
  return { recoveryCodes: codes };
}
