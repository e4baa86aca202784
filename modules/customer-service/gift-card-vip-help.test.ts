/**
 * Customer service's gift card and VIP actions: voiding a gift card the shopper bought (refused at
 * redemption afterwards), reissuing one with a new code emailed again, cancelling a VIP renewal,
 * and refunding a VIP charge to the card once. Each asks for a reason, is audited in its own
 * transaction, and refuses another shopper's card or charge.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertVipYear } from "../../tests/support/vip-fixtures";
import { auditEvents } from "../audit/schema";
import { findPrintableGiftCard, orderGiftCards } from "../gift-cards/buyer-gift-cards";
import { redeemGiftCard } from "../gift-cards/redeem-gift-card";
import { giftCards } from "../gift-cards/schema";
import { jobs } from "../jobs/schema";
import { outboxMessages } from "../mail/schema";
import { statusEvents } from "../states/schema";
import { VIP_CHARGE_REFUND_JOB } from "../vip-rewards/process-refund-requests";
import { staffChargeRefundKey } from "../vip-rewards/refund-vip-charge";
import { vipCharges, vipMemberships } from "../vip/schema";
import { reissueShopperGiftCard, voidShopperGiftCard } from "./shopper-gift-cards";
import { cancelShopperVipRenewal, refundShopperVipCharge } from "./shopper-vip";

const clock = new ManualClock("2026-11-23T11:00:00Z");
const agent = { staffUserId: 7, name: "Cass Service", role: "customer_service" as const };
const origin = () => "https://www.wowcher.example";
let database: TestDatabase;
let cardCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.dispose());

async function boughtGiftCard(buyerCustomerId: number, recipient: { name: string; email: string } | null = { name: "Grace", email: "grace@example.com" }) {
  cardCounter += 1;
  const [card] = await database.db
    .insert(giftCards)
    .values({
      code: `TestGiftCode${String(cardCounter).padStart(4, "0")}`,
      currency: "GBP",
      amount: 2500,
      orderId: 1000 + cardCounter,
      orderLineId: 2000 + cardCounter,
      buyerCustomerId,
      recipientName: recipient?.name ?? null,
      recipientEmail: recipient?.email ?? null,
      message: "Happy birthday",
      expiresAt: new Date("2027-05-01T00:00:00Z"),
      createdAt: new Date("2026-11-01T00:00:00Z"),
    })
    .returning();
  return card;
}

const auditOf = (action: string, id: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(id))));
const cardRow = async (id: number) => (await database.db.select().from(giftCards).where(eq(giftCards.id, id)))[0];
const redeem = (customerId: number, code: string) =>
  redeemGiftCard(database.db, { customerId, currency: "GBP", code, at: clock.now(), actor: { type: "customer", id: String(customerId) } });

describe("voiding a gift card", () => {
  it("voids an unredeemed card the shopper bought: redeeming it is refused as not recognized; history and audit keep the reason", async () => {
    const shopper = await insertCustomer(database.db);
    const redeemer = await insertCustomer(database.db);
    const card = await boughtGiftCard(shopper.id);
    await voidShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: card.id, reason: "Code posted on social media" });

    expect((await cardRow(card.id)).status).toBe("VOIDED");
    await expect(redeem(redeemer.id, card.code)).rejects.toMatchObject({ code: "NOT_RECOGNIZED", status: 404 });
    const [history] = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "gift_card"), eq(statusEvents.aggregateId, card.id), eq(statusEvents.toStatus, "VOIDED")));
    expect(history).toMatchObject({ fromStatus: "ISSUED", actorType: "staff", actorId: "7", reason: "Code posted on social media" });
    expect(await auditOf("gift-card.void", card.id)).toEqual([
      expect.objectContaining({ actorName: "Cass Service", reason: "Code posted on social media", changes: { status: ["ISSUED", "VOIDED"] } }),
    ]);

    // Voided is final: a second press is refused, and nothing more is written.
    await expect(voidShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: card.id, reason: "again" })).rejects.toMatchObject({
      code: "GIFT_CARD_NOT_ISSUED",
      status: 409,
    });
    expect(await auditOf("gift-card.void", card.id)).toHaveLength(1);
  });

  it("refuses another shopper's card, a redeemed or expired card and a missing reason, changing nothing", async () => {
    const shopper = await insertCustomer(database.db);
    const other = await insertCustomer(database.db);
    const theirs = await boughtGiftCard(other.id);
    await expect(voidShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: theirs.id, reason: "Lost" })).rejects.toMatchObject({
      code: "GIFT_CARD_NOT_THEIRS",
      status: 400,
    });
    const mine = await boughtGiftCard(shopper.id);
    await expect(voidShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: mine.id, reason: "  " })).rejects.toMatchObject({
      code: "REASON_REQUIRED",
      status: 400,
    });
    await redeem(other.id, mine.code);
    await expect(voidShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: mine.id, reason: "Lost" })).rejects.toMatchObject({
      code: "GIFT_CARD_NOT_ISSUED",
      status: 409,
    });
    const expired = await boughtGiftCard(shopper.id);
    await database.db
      .update(giftCards)
      .set({ expiresAt: new Date("2026-11-01T00:00:00Z") })
      .where(eq(giftCards.id, expired.id));
    await expect(reissueShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: expired.id, reason: "Lost", linkOrigin: origin })).rejects.toMatchObject({
      code: "GIFT_CARD_NOT_ISSUED",
    });
    expect((await cardRow(theirs.id)).status).toBe("ISSUED");
    expect((await cardRow(mine.id)).status).toBe("REDEEMED");
    expect(await auditOf("gift-card.void", theirs.id)).toEqual([]);
  });
});

describe("reissuing a gift card", () => {
  it("voids the card and issues the same amount, recipient and expiry with a new code, emailed to the recipient; the old code is refused, the new one redeems; audited old → new", async () => {
    const shopper = await insertCustomer(database.db);
    const redeemer = await insertCustomer(database.db);
    const card = await boughtGiftCard(shopper.id, { name: "Grace", email: `grace${cardCounter + 1}@example.com` });
    const replacement = await reissueShopperGiftCard(database.db, clock, agent, {
      customerId: shopper.id,
      giftCardId: card.id,
      reason: "Recipient deleted the email",
      linkOrigin: origin,
    });

    expect(replacement.code).not.toBe(card.code);
    expect((await cardRow(card.id)).status).toBe("VOIDED");
    expect(await cardRow(replacement.id)).toMatchObject({
      status: "ISSUED",
      amount: 2500,
      currency: "GBP",
      recipientEmail: card.recipientEmail,
      recipientName: "Grace",
      buyerCustomerId: shopper.id,
      expiresAt: card.expiresAt,
    });
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, card.recipientEmail!)).orderBy(desc(outboxMessages.id)).limit(1);
    expect(mail.subject).toBe("Ada has sent you a £25.00 Wowcher gift card");
    expect(mail.text).toContain(`Your gift card code: ${replacement.code}`);
    expect(mail.text).not.toContain(card.code);
    expect(await auditOf("gift-card.reissue", card.id)).toEqual([
      expect.objectContaining({
        reason: "Recipient deleted the email",
        changes: { status: ["ISSUED", "VOIDED"], code: [card.code, replacement.code], replacedBy: [null, replacement.id] },
      }),
    ]);

    await expect(redeem(redeemer.id, card.code)).rejects.toMatchObject({ code: "NOT_RECOGNIZED" });
    expect(await redeem(redeemer.id, replacement.code)).toMatchObject({ giftCardId: replacement.id, amount: 2500 });
  });

  it("a card the shopper prints: the print link of the new card goes to the shopper, and the order shows only the new card", async () => {
    const shopper = await insertCustomer(database.db);
    const card = await boughtGiftCard(shopper.id, null);
    const replacement = await reissueShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: card.id, reason: "Printed copy lost", linkOrigin: origin });
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(desc(outboxMessages.id)).limit(1);
    expect(mail.text).toContain(`https://www.wowcher.example/giftcard/print/${replacement.id}`);
    // The buyer's order shows the new card's code only; the old card's print page is gone.
    expect((await orderGiftCards(database.db, shopper.id, card.orderId)).map((bought) => [bought.id, bought.code])).toEqual([[replacement.id, replacement.code]]);
    expect(await findPrintableGiftCard(database.db, shopper.id, card.id)).toBeNull();
    expect(await findPrintableGiftCard(database.db, shopper.id, replacement.id)).toMatchObject({ code: replacement.code });
  });

  it("refuses another shopper's card or a missing reason, issuing nothing", async () => {
    const shopper = await insertCustomer(database.db);
    const other = await insertCustomer(database.db);
    const theirs = await boughtGiftCard(other.id);
    const before = (await database.db.select().from(giftCards)).length;
    await expect(reissueShopperGiftCard(database.db, clock, agent, { customerId: shopper.id, giftCardId: theirs.id, reason: "Lost", linkOrigin: origin })).rejects.toMatchObject({
      code: "GIFT_CARD_NOT_THEIRS",
    });
    await expect(reissueShopperGiftCard(database.db, clock, agent, { customerId: other.id, giftCardId: theirs.id, reason: "", linkOrigin: origin })).rejects.toMatchObject({
      code: "REASON_REQUIRED",
    });
    expect((await database.db.select().from(giftCards)).length).toBe(before);
    expect((await cardRow(theirs.id)).status).toBe("ISSUED");
  });
});

async function vipMember(options: { autoRenew: boolean }) {
  const customer = await insertCustomer(database.db, { vip: true });
  const membership = await insertVipYear(database.db, { customerId: customer.id, start: new Date("2026-09-01T00:00:00Z"), autoRenew: options.autoRenew });
  const [charge] = await database.db
    .insert(vipCharges)
    .values({
      membershipId: membership.id,
      customerId: customer.id,
      periodStart: new Date("2026-09-01T00:00:00Z"),
      periodEnd: new Date("2027-09-01T00:00:00Z"),
      amount: 499,
      currency: "GBP",
      status: "paid",
      idempotencyKey: `renewal-${membership.id}-2026`,
      authorizationId: `auth-renewal-${membership.id}`,
      createdAt: new Date("2026-09-01T00:00:00Z"),
      updatedAt: new Date("2026-09-01T00:00:00Z"),
    })
    .returning();
  return { customer, membership, charge };
}

describe("cancelling a VIP renewal", () => {
  it("turns renewal off as the shopper's own cancel does, with the agent's reason in the history and the audit; the shopper is emailed; a second press changes nothing", async () => {
    const { customer, membership } = await vipMember({ autoRenew: true });
    const done = await cancelShopperVipRenewal(database.db, clock, agent, { customerId: customer.id, reason: "Shopper rang to cancel", linkOrigin: origin });
    expect(done.changed).toBe(true);
    const [row] = await database.db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id));
    expect(row).toMatchObject({ autoRenew: false, status: "ACTIVE" });
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "vip_membership"), eq(statusEvents.aggregateId, membership.id)));
    expect(history.find((event) => event.data?.event === "renewal_cancelled")).toMatchObject({ actorType: "staff", actorId: "7", reason: "Shopper rang to cancel" });
    expect(await auditOf("vip.cancel-renewal", customer.id)).toEqual([
      expect.objectContaining({ reason: "Shopper rang to cancel", changes: expect.objectContaining({ autoRenew: [true, false] }) }),
    ]);
    expect((await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email))).length).toBe(1);

    expect((await cancelShopperVipRenewal(database.db, clock, agent, { customerId: customer.id, reason: "again", linkOrigin: origin })).changed).toBe(false);
    expect(await auditOf("vip.cancel-renewal", customer.id)).toHaveLength(1);
  });

  it("refuses a shopper who is not a member, or a missing reason", async () => {
    const shopper = await insertCustomer(database.db);
    await expect(cancelShopperVipRenewal(database.db, clock, agent, { customerId: shopper.id, reason: "Cancel", linkOrigin: origin })).rejects.toMatchObject({
      code: "NOT_VIP",
      status: 409,
    });
    const { customer } = await vipMember({ autoRenew: true });
    await expect(cancelShopperVipRenewal(database.db, clock, agent, { customerId: customer.id, reason: "", linkOrigin: origin })).rejects.toMatchObject({
      code: "REASON_REQUIRED",
    });
    expect((await database.db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customer.id)))[0].autoRenew).toBe(true);
  });
});

describe("refunding a VIP charge", () => {
  it("queues the whole charge back to the card once under its own key, audited; a second press refunds nothing twice", async () => {
    const { customer, charge, membership } = await vipMember({ autoRenew: true });
    const refund = await refundShopperVipCharge(database.db, clock, agent, { customerId: customer.id, chargeId: charge.id, reason: "Charged after cancelling" });
    expect(refund).toEqual({ currency: "GBP", amount: 499, toCard: 499, toWallet: 0 });
    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, charge.id)))[0].refundedAmount).toBe(499);
    const key = staffChargeRefundKey(charge.id);
    const queued = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, VIP_CHARGE_REFUND_JOB), eq(jobs.uniqueKey, key)));
    expect(queued.map((job) => job.payload)).toEqual([{ chargeId: charge.id, idempotencyKey: key, amount: 499 }]);
    expect(await auditOf("vip.refund-charge", charge.id)).toEqual([
      expect.objectContaining({ reason: "Charged after cancelling", changes: { refundable: [499, 0], toCard: [0, 499] } }),
    ]);

    await expect(refundShopperVipCharge(database.db, clock, agent, { customerId: customer.id, chargeId: charge.id, reason: "again" })).rejects.toMatchObject({
      code: "VIP_CHARGE_NOT_REFUNDABLE",
      status: 409,
    });
    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, charge.id)))[0].refundedAmount).toBe(499);
    expect(await database.db.select().from(jobs).where(eq(jobs.uniqueKey, key))).toHaveLength(1);
    expect(await auditOf("vip.refund-charge", charge.id)).toHaveLength(1);
    // The membership is left as it is.
    expect((await database.db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id)))[0]).toMatchObject({ status: "ACTIVE", autoRenew: true });
  });

  it("refuses another shopper's charge or a missing reason, moving nothing", async () => {
    const { charge } = await vipMember({ autoRenew: false });
    const other = await insertCustomer(database.db);
    await expect(refundShopperVipCharge(database.db, clock, agent, { customerId: other.id, chargeId: charge.id, reason: "Refund" })).rejects.toMatchObject({
      code: "VIP_CHARGE_NOT_THEIRS",
      status: 400,
    });
    await expect(refundShopperVipCharge(database.db, clock, agent, { customerId: charge.customerId, chargeId: charge.id, reason: " " })).rejects.toMatchObject({
      code: "REASON_REQUIRED",
    });
    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, charge.id)))[0].refundedAmount).toBe(0);
  });
});
