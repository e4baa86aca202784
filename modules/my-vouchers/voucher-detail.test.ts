import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";
import { merchants } from "../catalog/schema";
import { transition } from "../states/transition";
import { expireVouchers } from "../vouchers/expire-vouchers";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { offeredOptions, voucherDetail } from "./voucher-detail";

const DAY = 86_400_000;
let database: TestDatabase;
let merchantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { merchant } = await insertCatalogBasics(database.db);
  merchantId = merchant.id;
  await database.db.update(merchants).set({ contactEmail: "hello@serenityspa.co.uk", contactPhone: "020 7946 0123" }).where(eq(merchants.id, merchantId));
});
afterAll(async () => database?.dispose());

describe("voucherDetail", () => {
  it("hides the code until available_at (24 hours after purchase), then shows it", async () => {
    const clock = new ManualClock("2026-11-23T12:00:00Z");
    const customer = await insertCustomer(database.db);
    const [issued] = await issueTestVouchers(database.db, {
      customerId: customer.id,
      merchantId,
      at: clock.now(),
      availableAt: new Date(clock.now().getTime() + DAY),
    });
    const before = await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now: clock.now() });
    expect(before).toMatchObject({ available: false, code: null, availableAt: new Date("2026-11-24T12:00:00Z") });

    clock.advance(DAY - 60_000);
    expect((await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now: clock.now() }))?.code).toBeNull();
    clock.advance(60_000);
    const after = await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now: clock.now() });
    expect(after).toMatchObject({ available: true, code: issued.code });
  });

  it("is null for another customer's voucher", async () => {
    const owner = await insertCustomer(database.db);
    const other = await insertCustomer(database.db);
    const [issued] = await issueTestVouchers(database.db, { customerId: owner.id, merchantId, at: new Date("2026-11-23T12:00:00Z") });
    expect(await voucherDetail(database.db, { customerId: other.id, voucherId: issued.id, now: new Date("2026-11-24T12:00:00Z") })).toBeNull();
  });

  it("reads the timeline from the voucher's history and offers only what its state allows", async () => {
    const customer = await insertCustomer(database.db);
    const bought = new Date("2026-11-01T10:00:00Z");
    const [issued] = await issueTestVouchers(database.db, { customerId: customer.id, merchantId, at: bought });
    const fresh = await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now: new Date("2026-11-02T10:00:00Z") });
    expect(fresh?.merchant).toEqual({ name: "Serenity Spa", email: "hello@serenityspa.co.uk", phone: "020 7946 0123" });
    expect(offeredOptions(fresh!).map((option) => [option.kind, option.allowed])).toEqual([
      ["refund", true],
      ["credit", true],
      ["extend", false],
    ]);
    expect(offeredOptions(fresh!)[0]).toMatchObject({ href: `/myaccount/vouchers/${issued.id}/refund` });

    const redeemedAt = new Date("2026-11-05T15:30:00Z");
    await transition(database.db, VOUCHER_PROCESS, { id: issued.id, from: "READY_TO_REDEEM", to: "REDEEMED", actor: { type: "merchant", id: "1" }, at: redeemedAt });
    const detail = await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now: new Date("2026-11-06T10:00:00Z") });
    expect(detail?.timeline).toEqual([
      { status: "READY_TO_REDEEM", text: "Ready to Redeem", at: bought },
      { status: "REDEEMED", text: "Redeemed", at: redeemedAt },
    ]);
    expect(detail?.status).toBe("Redeemed");
    expect(offeredOptions(detail!)[0]).toEqual({ kind: "refund", allowed: false, reason: "This voucher has been redeemed." });
  });

  it("shows an expired voucher as Expired with the 14 days of auto-credit, before and after the expiry job", async () => {
    const customer = await insertCustomer(database.db);
    const [issued] = await issueTestVouchers(database.db, { customerId: customer.id, merchantId, at: new Date("2026-01-10T10:00:00Z") });
    // Vouchers last 6 months, to the end of the day in London: this one expired at the end of 10 July 2026.
    const now = new Date("2026-07-15T10:00:00Z");
    for (const run of ["before the job", "after the job"]) {
      if (run === "after the job") expect(await expireVouchers(database.db, now)).toBeGreaterThan(0);
      const detail = await voucherDetail(database.db, { customerId: customer.id, voucherId: issued.id, now });
      expect(detail?.status, run).toBe("Expired");
      expect(detail?.timeline.map((step) => step.text), run).toEqual(["Ready to Redeem", "Expired"]);
      expect(detail?.options.credit, run).toEqual({ allowed: true, until: new Date("2026-07-24T22:59:59.999Z") });
      expect(detail?.options.refund.allowed, run).toBe(false);
    }
  });
});
