import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";
import { referralCodes } from "./schema";

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I). */
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** 10 characters of 32: 50 random bits. Guessing is rate-limited too (GUESS_LIMITS.referralCode). */
export const REFERRAL_CODE_LENGTH = 10;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as typed or carried by a link or cookie, in its stored form; null when it cannot be one. */
export function typedReferralCode(text: string | null | undefined): string | null {
  const code = (text ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/**
 * The customer's personal code, made the first time they ask for it. Two first visits at once
 * both end with the same row (the primary key on customer_id); a new code that happens to be
 * taken already is drawn again.
 */
export async function referralCodeOf(db: Db, customerId: number, now: Date): Promise<ReferralCodeRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.customerId, customerId));
    if (existing) return existing;
    // A taken code (another customer's) makes this insert do nothing, and the loop draws again.
    await db.insert(referralCodes).values({ customerId, code: newReferralCode(), createdAt: now }).onConflictDoNothing();
  }
  throw new Error(`could not give customer ${customerId} a referral code`);
}

/** Who a code belongs to, on this brand; null for unknown codes and closed accounts. */
export interface Referrer {
  customerId: number;
  brand: BrandId;
  email: string;
  firstName: string;
  code: string;
}

export async function findReferrer(db: Db, brand: BrandId, code: string): Promise<Referrer | null> {
  const [row] = await db
    .select({ customerId: customers.id, brand: customers.brand, email: customers.email, firstName: customers.firstName, code: referralCodes.code })
    .from(referralCodes)
    .innerJoin(customers, eq(customers.id, referralCodes.customerId))
    .where(and(eq(referralCodes.code, code), eq(customers.brand, brand), eq(customers.status, "active")));
  return row ?? null;
}

/** Counts a share of the customer's link (one press of a share button). */
export async function countShare(db: Db, customerId: number, now: Date): Promise<number> {
  await referralCodeOf(db, customerId, now);
  const [row] = await db
    .update(referralCodes)
    .set({ shares: sql`${referralCodes.shares} + 1` })
    .where(eq(referralCodes.customerId, customerId))
    .returning({ shares: referralCodes.shares });
  return row.shares;
}

/** Counts an open of a link (the caller has already decided it is one worth counting). */
export async function countOpen(db: Db, code: string): Promise<void> {
  await db
    .update(referralCodes)
    .set({ opens: sql`${referralCodes.opens} + 1` })
    .where(eq(referralCodes.code, code));
}
