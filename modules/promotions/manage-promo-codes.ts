import { and, desc, eq, ilike, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { errorCatalogue, errorsOf } from "../../lib/errors";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { normalisePromoCode } from "./promo-codes";
import { type PromoKind, promoCodes, promoRedemptions } from "./schema";

export const PROMO_ADMIN_ERRORS = errorCatalogue({
  403: {
    NOT_YOUR_ROLE: "Your role cannot change promo codes.",
  },
  404: {
    PROMO_NOT_FOUND: "There is no such promo code.",
  },
  409: {
    CODE_TAKEN: "A promo code with these letters already exists on this site: choose other letters.",
  },
});

const promoAdminError = errorsOf(PROMO_ADMIN_ERRORS);

/** What staff set on a promo code; money in minor units of the brand's currency, percentages whole. */
export interface PromoCodeTerms {
  brand: BrandId;
  code: string;
  kind: PromoKind;
  value: number;
  minimumSpend: number;
  subCategoryId: number | null;
  startsAt: Date;
  endsAt: Date;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export interface PromoCodeListRow extends PromoCodeTerms {
  id: number;
  uses: number;
}

const usesOf = sql<number>`(select count(*)::int from ${promoRedemptions} where ${promoRedemptions.promoCodeId} = ${promoCodes.id})`;

const TERMS = {
  brand: promoCodes.brand,
  code: promoCodes.code,
  kind: promoCodes.kind,
  value: promoCodes.value,
  minimumSpend: promoCodes.minimumSpend,
  subCategoryId: promoCodes.subCategoryId,
  startsAt: promoCodes.startsAt,
  endsAt: promoCodes.endsAt,
  maxUses: promoCodes.maxUses,
  maxUsesPerCustomer: promoCodes.maxUsesPerCustomer,
};

/** Promo codes for the back office, newest first, with how often each was used; `q` finds letters of the code. */
export async function listPromoCodesForStaff(db: Db, query: { q?: string; brand?: BrandId }): Promise<PromoCodeListRow[]> {
  const letters = query.q ? normalisePromoCode(query.q).replace(/[^A-Z0-9-]/g, "") : "";
  return db
    .select({ id: promoCodes.id, ...TERMS, uses: usesOf })
    .from(promoCodes)
    .where(and(query.brand ? eq(promoCodes.brand, query.brand) : undefined, letters ? ilike(promoCodes.code, `%${letters}%`) : undefined))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(200);
}

export async function findPromoCodeForStaff(db: Db, id: number): Promise<PromoCodeListRow | null> {
  const [row] = await db
    .select({ id: promoCodes.id, ...TERMS, uses: usesOf })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  return row ?? null;
}

const auditable = (terms: PromoCodeTerms) => ({ ...terms, startsAt: terms.startsAt.toISOString(), endsAt: terms.endsAt.toISOString() });

/**
 * Staff create a promo code (`id` null) or change one, audited in the same transaction. Codes
 * already redeemed keep their redemptions (they point at the code's id); a change applies to the
 * next basket that uses it. The letters are unique per site whatever their case: two members of
 * staff saving the same letters at once both pass the check, and the unique index turns the
 * second away with the same answer.
 */
export async function savePromoCode(db: Db, clock: Clock, actor: StaffActor, id: number | null, input: PromoCodeTerms): Promise<number> {
  if (!actor.role || !hasPermission(actor.role, "promotions.manage")) throw promoAdminError("NOT_YOUR_ROLE");
  const terms = { ...input, code: normalisePromoCode(input.code) };
  try {
    return await writePromoCode(db, clock, actor, id, terms);
  } catch (error) {
    if (isUniqueViolation(error, "promo_codes_brand_code_uq")) throw promoAdminError("CODE_TAKEN");
    throw error;
  }
}

function writePromoCode(db: Db, clock: Clock, actor: StaffActor, id: number | null, terms: PromoCodeTerms): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.brand, terms.brand), eq(sql`upper(${promoCodes.code})`, terms.code)));
    if (taken && taken.id !== id) throw promoAdminError("CODE_TAKEN");
    let before: PromoCodeTerms | null = null;
    let savedId: number;
    if (id === null) {
      [{ id: savedId }] = await tx
        .insert(promoCodes)
        .values({ ...terms, createdAt: clock.now() })
        .returning({ id: promoCodes.id });
    } else {
      const [row] = await tx.select(TERMS).from(promoCodes).where(eq(promoCodes.id, id)).for("update");
      if (!row) throw promoAdminError("PROMO_NOT_FOUND");
      before = row;
      await tx.update(promoCodes).set(terms).where(eq(promoCodes.id, id));
      savedId = id;
    }
    await recordStaffChange(tx, clock, actor, {
      action: id === null ? "promo-code.create" : "promo-code.update",
      entity: { type: "promo_code", id: savedId },
      before: before ? auditable(before) : null,
      after: auditable(terms),
    });
    return savedId;
  });
}
