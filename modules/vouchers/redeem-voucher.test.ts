import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { insertMerchant, insertVoucher } from "../../tests/support/merchant-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { statusEvents } from "../states/schema";
import { lookUpVoucherForMerchant, markVoucherBooked, redeemVoucher } from "./redeem-voucher";
import { vouchers, type VoucherStatus } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let spaDeal: Awaited<ReturnType<typeof insertDeal>>;
let travelDeal: Awaited<ReturnType<typeof insertDeal>>;
const now = new Date("2026-03-10T12:00:00Z");
const timeZone = "Europe/London";
const till = (merchantId: number, code: string) => ({ merchantId, merchantUserId: 7, code, at: now, timeZone });

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  spaDeal = await insertDeal(database.db, basics);
  travelDeal = await insertDeal(database.db, basics, { dealType: "travel", redemptionType: "standard-travel" });
});
afterAll(() => database?.dispose());

async function statusOf(id: number) {
  const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, id));
  return row;
}

describe("looking up a code at the till", () => {
  it("shows the deal, option, state and dates, and that it can be redeemed", async () => {
    const voucher = await insertVoucher(database.db, spaDeal);
    const view = await lookUpVoucherForMerchant(database.db, { merchantId: basics.merchant.id, code: voucher.code.toLowerCase().replace(/-/g, " "), at: now, timeZone });
    expect(view).toMatchObject({ code: voucher.code, dealTitle: spaDeal.headline, productName: "Spa day for one", statusText: "Ready to Redeem", canRedeem: true, canBook: false, refusal: null });
    expect(view.purchasedAt).toEqual(voucher.createdAt);
  });

  it("answers another merchant's code exactly like an unknown one", async () => {
    const voucher = await insertVoucher(database.db, spaDeal);
    const other = await insertMerchant(database.db);
    const theirs = await lookUpVoucherForMerchant(database.db, { merchantId: other.id, code: voucher.code, at: now, timeZone }).catch((error: unknown) => error);
    const unknown = await lookUpVoucherForMerchant(database.db, { merchantId: other.id, code: "2222-3333-4444", at: now, timeZone }).catch((error: unknown) => error);
    const nonsense = await redeemVoucher(database.db, till(other.id, "not a code")).catch((error: unknown) => error);
    for (const error of [theirs, unknown, nonsense]) {
      expect(error).toMatchObject({ code: "UNKNOWN_CODE", status: 404, message: "We don't recognise this voucher code. Please check it and try again." });
    }
    await expect(redeemVoucher(database.db, till(other.id, voucher.code))).rejects.toMatchObject({ code: "UNKNOWN_CODE" });
    expect((await statusOf(voucher.id)).status).toBe("READY_TO_REDEEM");
  });
});

describe("redeeming", () => {
  it("marks the voucher Redeemed with when and by whom, with one history row by the merchant", async () => {
    const voucher = await insertVoucher(database.db, spaDeal);
    const view = await redeemVoucher(database.db, till(basics.merchant.id, voucher.code));
    expect(view).toMatchObject({ statusText: "Redeemed", canRedeem: false, redeemedAt: now });
    expect(await statusOf(voucher.id)).toMatchObject({ status: "REDEEMED", redeemedAt: now, redeemedBy: 7 });
    const events = await database.db.select().from(statusEvents).where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.aggregateId, voucher.id)));
    expect(events).toMatchObject([{ fromStatus: "READY_TO_REDEEM", toStatus: "REDEEMED", actorType: "merchant", actorId: "7", data: { merchantId: basics.merchant.id } }]);
  });

  it("says a second redemption was already redeemed, with the time, and changes nothing", async () => {
    const voucher = await insertVoucher(database.db, spaDeal);
    await redeemVoucher(database.db, till(basics.merchant.id, voucher.code));
    const later = { ...till(basics.merchant.id, voucher.code), at: new Date("2026-03-11T09:00:00Z") };
    await expect(redeemVoucher(database.db, later)).rejects.toMatchObject({ code: "ALREADY_REDEEMED", status: 409, message: "This voucher was already redeemed on 10 March 2026 at 12:00." });
    expect((await statusOf(voucher.id)).redeemedAt).toEqual(now);
  });

  it.each<[string, Partial<typeof vouchers.$inferInsert>, string, string]>([
    ["refunded", { status: "REFUNDED" }, "REFUNDED", "This voucher has been refunded, so it can't be redeemed."],
    ["exchanged for credit", { status: "REQUEST_PROCESSED" }, "CREDITED", "This voucher has been exchanged for wallet credit, so it can't be redeemed."],
    ["credit requested", { status: "CREDIT_REQUESTED" }, "CREDITED", "This voucher has been exchanged for wallet credit, so it can't be redeemed."],
    ["expired by the job", { status: "EXPIRED", expiresAt: new Date("2026-03-01T00:00:00Z") }, "EXPIRED", "This voucher expired on 1 March 2026 at 00:00, so it can't be redeemed."],
    ["past its expiry", { expiresAt: new Date("2026-03-09T00:00:00Z") }, "EXPIRED", "This voucher expired on 9 March 2026 at 00:00, so it can't be redeemed."],
    ["not ready yet", { availableAt: new Date("2026-03-11T08:30:00Z") }, "NOT_YET_AVAILABLE", "This voucher isn't ready to redeem yet: it can be redeemed from 11 March 2026 at 08:30."],
    ["goods sent by post", { physical: true }, "GOODS_NOT_REDEEMABLE", "This voucher is for goods sent by post: it is fulfilled by dispatch, not redeemed at the till."],
    ["being returned", { status: "RETURN_REQUESTED", physical: false }, "RETURN_IN_PROGRESS", "This item is being returned, so it can't be redeemed."],
  ])("refuses a voucher that is %s, and the look-up says why", async (_, overrides, code, message) => {
    const voucher = await insertVoucher(database.db, spaDeal, overrides);
    await expect(redeemVoucher(database.db, till(basics.merchant.id, voucher.code))).rejects.toMatchObject({ code, message });
    const view = await lookUpVoucherForMerchant(database.db, till(basics.merchant.id, voucher.code));
    expect(view).toMatchObject({ canRedeem: false, canBook: false, refusal: message });
    expect((await statusOf(voucher.id)).status).toBe(overrides.status ?? "READY_TO_REDEEM");
  });
});

describe("booking travel and calendar vouchers", () => {
  it("marks a travel voucher Booked, then redeems it; booking twice is refused", async () => {
    const voucher = await insertVoucher(database.db, travelDeal);
    expect(await lookUpVoucherForMerchant(database.db, till(basics.merchant.id, voucher.code))).toMatchObject({ bookable: true, canBook: true, canRedeem: true });
    const booked = await markVoucherBooked(database.db, till(basics.merchant.id, voucher.code));
    expect(booked).toMatchObject({ statusText: "Booked", canBook: false, canRedeem: true });
    expect(await statusOf(voucher.id)).toMatchObject({ status: "BOOKED" as VoucherStatus, redeemedBy: 7, redeemedAt: null });
    await expect(markVoucherBooked(database.db, till(basics.merchant.id, voucher.code))).rejects.toMatchObject({ code: "ALREADY_BOOKED" });
    await redeemVoucher(database.db, till(basics.merchant.id, voucher.code));
    expect((await statusOf(voucher.id)).status).toBe("REDEEMED");
  });

  it("does not book a standard local voucher", async () => {
    const voucher = await insertVoucher(database.db, spaDeal);
    await expect(markVoucherBooked(database.db, till(basics.merchant.id, voucher.code))).rejects.toMatchObject({
      code: "NOT_BOOKABLE",
      message: "Only booking and travel vouchers can be marked as booked.",
    });
  });
});
