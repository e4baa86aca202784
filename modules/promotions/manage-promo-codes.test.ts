import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { describePromoCode } from "./describe-promo-code";
import { findPromoCodeForStaff, listPromoCodesForStaff, type PromoCodeTerms, savePromoCode } from "./manage-promo-codes";
import { findPromoCode } from "./promo-codes";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const manager: StaffActor = { staffUserId: 4, name: "Mona", role: "deal_manager", ip: "203.0.113.4", requestId: "req-9" };
const terms: PromoCodeTerms = {
  brand: "wowcher",
  code: "xmas-20",
  kind: "percentage",
  value: 20,
  minimumSpend: 3000,
  subCategoryId: null,
  startsAt: new Date("2026-12-01T00:00:00Z"),
  endsAt: new Date("2026-12-25T23:59:00Z"),
  maxUses: 500,
  maxUsesPerCustomer: 1,
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("staff manage promo codes", () => {
  it("creates a code shoppers can type in any case, then changes it; both audited with before and after", async () => {
    const id = await savePromoCode(database.db, clock, manager, null, terms);
    expect(await findPromoCode(database.db, "wowcher", " Xmas-20 ")).toMatchObject({ id, code: "XMAS-20", value: 20, minimumSpend: 3000 });

    await savePromoCode(database.db, clock, manager, id, { ...terms, value: 25, maxUses: null });
    expect(await findPromoCodeForStaff(database.db, id)).toMatchObject({ value: 25, maxUses: null, uses: 0 });
    const rows = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(id)))
      .orderBy(auditEvents.id);
    expect(rows.map((row) => [row.action, row.entityType, row.actorName])).toEqual([
      ["promo-code.create", "promo_code", "Mona"],
      ["promo-code.update", "promo_code", "Mona"],
    ]);
    expect(rows[1].changes).toEqual({ value: [20, 25], maxUses: [500, null] });
  });

  it("refuses the same letters twice on one site (whatever the case), allows them on another, and lets only its roles save", async () => {
    await savePromoCode(database.db, clock, manager, null, { ...terms, code: "SPRING" });
    await expect(savePromoCode(database.db, clock, manager, null, { ...terms, code: "spring" })).rejects.toMatchObject({ code: "CODE_TAKEN", status: 409 });
    await savePromoCode(database.db, clock, manager, null, { ...terms, code: "spring", brand: "wowcherie" });
    const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor" };
    await expect(savePromoCode(database.db, clock, editor, null, { ...terms, code: "EDDIE" })).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
    expect((await listPromoCodesForStaff(database.db, { q: "spr" })).map((row) => [row.code, row.brand])).toEqual(
      expect.arrayContaining([
        ["SPRING", "wowcher"],
        ["SPRING", "wowcherie"],
      ]),
    );
    expect(await listPromoCodesForStaff(database.db, { q: "spr", brand: "wowcherie" })).toHaveLength(1);
  });

  it("says what a code gives in one sentence", () => {
    expect(describePromoCode(terms, "GBP")).toBe("20% off the basket when the basket's eligible items come to £30.00 or more, once per shopper, 500 uses in all.");
    expect(describePromoCode({ ...terms, kind: "fixed", value: 500, minimumSpend: 0, subCategoryName: "Spa", maxUses: null, maxUsesPerCustomer: null }, "EUR")).toBe(
      "€5.00 off Spa deals, as often as a shopper likes, no limit in all.",
    );
  });
});
