/**
 * Who holds which right once a voucher is given (docs/decisions/gifts-after-sale-rights.md), end to
 * end through the use cases: the buyer keeps only the 14-day cancellation, the holder may extend,
 * nobody exchanges a given voucher for credit, and a cancelled gift always reaches its recipient
 * (email, and on a claimed voucher the reason).
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyEGift } from "../../tests/support/gift-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import type { CustomerSummary } from "../accounts/customers";
import { outboxMessages } from "../mail/schema";
import { listMyVouchers } from "../my-vouchers/my-vouchers";
import { voucherDetail } from "../my-vouchers/voucher-detail";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { exchangeForCredit } from "../refunds/exchange-for-credit";
import { extendProtectedVoucher } from "../refunds/extend-protected-voucher";
import { refundVoucher } from "../refunds/refund-voucher";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { claimGift } from "./claim-gift";
import { GIFT_CLAIM_PROCESS } from "./gift-claim-process";
import { giftClaims } from "./schema";

const DAY_MS = 86_400_000;
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

const origin = "https://www.wowcher.co.uk";
const actorOf = (customer: CustomerSummary) => ({ type: "customer" as const, id: String(customer.id) });
const mailTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);

/** An E-gift bought now with Deal Protection, optionally claimed by a new customer. */
async function givenGift(claimed: boolean) {
  const clock = new ManualClock("2026-11-21T12:00:00Z");
  const buyer = await insertCustomer(database.db);
  const recipient = await insertCustomer(database.db);
  const bought = await buyEGift(database.db, clock, basics, buyer, { recipientEmail: recipient.email });
  const [voucher] = await database.db.update(vouchers).set({ protected: true }).where(eq(vouchers.id, bought.vouchers[0].id)).returning();
  const [claim] = await database.db.select().from(giftClaims).where(eq(giftClaims.voucherId, voucher.id));
  if (claimed) {
    await claimGift(
      { db: database.db, clock, brand: "wowcher", linkOrigin: origin },
      { code: claim.code, customer: { id: recipient.id, email: recipient.email, firstName: "Grace" }, actor: actorOf(recipient) },
    );
  }
  const refund = () =>
    refundVoucher(
      database.db,
      { provider: new SandboxPaymentProvider(database.db, clock), clock, log: pino({ level: "silent" }), linkOrigin: origin },
      { voucherId: voucher.id, customerId: buyer.id, destination: "original", actor: actorOf(buyer) },
    );
  return { clock, buyer, recipient, voucher, claim, refund };
}

describe("a claimed gift", () => {
  it("leaves its buyer the 14-day cancellation only: no credit, no extension, no Deal Protection refund after the 14 days", async () => {
    const { clock, buyer, voucher } = await givenGift(true);
    const now = clock.now();
    const seen = await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now });
    expect(seen!.options.refund.allowed).toBe(true);
    expect(seen!.options.credit).toEqual({ allowed: false, reason: "Your gift has been claimed, so the voucher is no longer yours to exchange for credit." });
    expect(seen!.options.extend).toEqual({ allowed: false, reason: "Your gift has been claimed: the person you gave it to can extend it." });
    await expect(exchangeForCredit(database.db, { clock, linkOrigin: origin }, { voucherId: voucher.id, customerId: buyer.id, actor: actorOf(buyer) })).rejects.toMatchObject({
      code: "CREDIT_NOT_ALLOWED",
    });
    await expect(extendProtectedVoucher(database.db, { clock, linkOrigin: origin }, { voucherId: voucher.id, customerId: buyer.id, months: 1, actor: actorOf(buyer) })).rejects.toMatchObject({
      code: "EXTENSION_NOT_ALLOWED",
    });

    clock.advance(20 * DAY_MS);
    const later = await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now: clock.now() });
    expect(later!.options.refund).toEqual({ allowed: false, reason: "Your gift has been claimed: only the 14-day cancellation stays with you, and it has ended." });
    const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row.status).toBe("READY_TO_REDEEM");
  });

  it("passes the extension to its holder, who is emailed, but never refunds or credit", async () => {
    const { clock, recipient, voucher } = await givenGift(true);
    const seen = await voucherDetail(database.db, { customerId: recipient.id, voucherId: voucher.id, now: clock.now() });
    expect(seen!.options.extend).toMatchObject({ allowed: true, maxMonths: 3 });
    expect(seen!.options.refund).toMatchObject({ allowed: false, reason: expect.stringContaining("refunds and credit go only to the person who paid for it") });
    expect(seen!.options.credit.allowed).toBe(false);
    await expect(exchangeForCredit(database.db, { clock, linkOrigin: origin }, { voucherId: voucher.id, customerId: recipient.id, actor: actorOf(recipient) })).rejects.toMatchObject({
      code: "CREDIT_NOT_ALLOWED",
    });

    const extended = await extendProtectedVoucher(database.db, { clock, linkOrigin: origin }, { voucherId: voucher.id, customerId: recipient.id, months: 2, actor: actorOf(recipient) });
    expect(extended).toMatchObject({ extendedMonths: 2, firstTime: true });
    expect((await mailTo(recipient.email)).map((mail) => mail.subject)).toContain("Your voucher has been extended");
  });

  it("cancelled by its buyer within the 14 days: the recipient is emailed why and sees it on the voucher, which can no longer be used", async () => {
    const { buyer, recipient, voucher, claim, clock, refund } = await givenGift(true);
    clock.advance(3 * DAY_MS);
    await refund();

    const [email] = (await mailTo(recipient.email)).filter((mail) => mail.subject.includes("cancelled"));
    expect(email.subject).toBe("Your gift from Wowcher has been cancelled");
    expect(email.text).toContain("The person who gave it to you cancelled it within the 14-day cancellation period and has been refunded.");
    expect(email.text).toContain(`${origin}/myaccount/vouchers/${voucher.id}`);

    const [held] = (await listMyVouchers(database.db, { customerId: recipient.id, page: 1, filter: "all", now: clock.now() })).vouchers;
    expect(held).toMatchObject({ id: voucher.id, status: "Cancelled", cancelledReason: "The person who gave it to you cancelled it within the 14-day cancellation period and has been refunded." });
    const detail = await voucherDetail(database.db, { customerId: recipient.id, voucherId: voucher.id, now: clock.now() });
    expect(detail).toMatchObject({ status: "Cancelled", statusCode: "REFUNDED", cancelledReason: expect.stringContaining("cancelled it") });
    // The buyer reads their own refund, not the recipient's notice.
    expect(await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now: clock.now() })).toMatchObject({ status: "Refunded", cancelledReason: null });

    const history = await statusHistory(database.db, GIFT_CLAIM_PROCESS, claim.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "CLAIMED", toStatus: "CLAIMED", reason: expect.stringContaining("14-day"), data: { event: "voucher-cancelled", voucherId: voucher.id } });
  });
});

describe("a gift sent but not yet claimed", () => {
  it("leaves its buyer the 14-day cancellation and taking it back; credit and extension wait until it is taken back", async () => {
    const { clock, buyer, voucher } = await givenGift(false);
    const seen = await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now: clock.now() });
    const takeBackFirst = "You have sent this voucher as a gift. To do this, take the gift back first (we will tell the recipient).";
    expect(seen!.options).toMatchObject({ refund: { allowed: true }, credit: { allowed: false, reason: takeBackFirst }, extend: { allowed: false, reason: takeBackFirst } });
    clock.advance(20 * DAY_MS);
    const later = await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now: clock.now() });
    expect(later!.options.refund).toEqual({ allowed: false, reason: takeBackFirst });
  });

  it("cancelled by its buyer: the gift code stops working and the recipient is told", async () => {
    const { recipient, voucher, claim, clock, refund } = await givenGift(false);
    await refund();

    const [after] = await database.db.select().from(giftClaims).where(eq(giftClaims.id, claim.id));
    expect(after.status).toBe("CANCELLED");
    const [email] = (await mailTo(recipient.email)).filter((mail) => mail.subject.includes("cancelled"));
    expect(email.text).toContain("has been cancelled, so its gift code no longer works");
    expect(email.text).toContain("cancelled it within the 14-day cancellation period");
    await expect(
      claimGift({ db: database.db, clock, brand: "wowcher", linkOrigin: origin }, { code: claim.code, customer: { id: recipient.id, email: recipient.email, firstName: "Grace" }, actor: actorOf(recipient) }),
    ).rejects.toMatchObject({ code: "GIFT_CODE_NOT_RECOGNIZED" });
    const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ status: "REFUNDED", holderCustomerId: null });
  });
});
