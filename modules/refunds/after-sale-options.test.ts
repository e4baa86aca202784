import { describe, expect, it } from "vitest";
import { type AfterSaleFacts, afterSaleOptions } from "./after-sale-options";

/** A voucher bought on Saturday 21 November 2026 in London, available at once, valid six months. */
const facts = (overrides: Partial<AfterSaleFacts> = {}): AfterSaleFacts => ({
  status: "READY_TO_REDEEM",
  availableAt: new Date("2026-11-21T12:00:00Z"),
  expiresAt: new Date("2027-05-21T12:00:00Z"),
  protected: false,
  physical: false,
  extendedMonths: 0,
  redeemedAt: null,
  shipmentStatus: null,
  timeZone: "Europe/London",
  ...overrides,
});

describe("the 14-day no-quibble refund", () => {
  it("counts 14 days from the day after the voucher arrived and ends at midnight in London", () => {
    // Day 1 is 22 November; day 14 is 5 December, so the last moment is 23:59:59 on the 5th.
    const option = afterSaleOptions(facts(), new Date("2026-12-05T23:59:59Z")).refund;
    expect(option).toEqual({ allowed: true, until: new Date("2026-12-06T00:00:00Z") });
    expect(afterSaleOptions(facts(), new Date("2026-12-06T00:00:00Z")).refund).toEqual({
      allowed: false,
      reason: "The 14-day refund period for this voucher has ended. Deal Protection was not added to this order.",
    });
  });

  it("uses London's summer time: a voucher arriving late on a BST evening counts from the London day", () => {
    // 23:30 UTC on 30 April is 00:30 on 1 May in London: day 1 is 2 May, day 14 is 15 May, ending 23:00 UTC.
    const arrived = facts({ availableAt: new Date("2027-04-30T23:30:00Z"), expiresAt: new Date("2027-10-30T23:30:00Z") });
    expect(afterSaleOptions(arrived, new Date("2027-05-10T00:00:00Z")).refund).toEqual({ allowed: true, until: new Date("2027-05-15T23:00:00Z") });
  });

  it("is refused, with the reason, once the voucher is redeemed, refunded or exchanged", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(afterSaleOptions(facts({ status: "REDEEMED" }), now).refund).toEqual({ allowed: false, reason: "This voucher has been redeemed." });
    expect(afterSaleOptions(facts({ status: "REFUNDED" }), now).refund).toEqual({ allowed: false, reason: "This voucher has been refunded." });
    expect(afterSaleOptions(facts({ status: "REQUEST_PROCESSED" }), now).refund).toMatchObject({ allowed: false, reason: "This voucher has been exchanged for wallet credit." });
  });

  it("is refused for goods once dispatched (they are returned instead)", () => {
    const option = afterSaleOptions(facts({ physical: true, shipmentStatus: "DISPATCHED" }), new Date("2026-11-22T10:00:00Z")).refund;
    expect(option).toEqual({ allowed: false, reason: "Your item has been dispatched: once it is delivered you can return it for a refund." });
  });
});

describe("Deal Protection", () => {
  const protectedVoucher = facts({ protected: true });

  it("keeps the refund open until 7 days before expiry", () => {
    expect(afterSaleOptions(protectedVoucher, new Date("2027-01-15T10:00:00Z")).refund).toEqual({ allowed: true, until: new Date("2027-05-14T12:00:00Z") });
    expect(afterSaleOptions(protectedVoucher, new Date("2027-05-14T11:59:59Z")).refund.allowed).toBe(true);
  });

  it("closes it in the last 7 days before expiry, saying why", () => {
    expect(afterSaleOptions(protectedVoucher, new Date("2027-05-14T12:00:00Z")).refund).toEqual({
      allowed: false,
      reason: "Refunds are not available in the last 7 days before a voucher expires.",
    });
  });

  it("never shortens the 14 days the law gives, even for a voucher that expires soon", () => {
    const shortLived = facts({ protected: true, expiresAt: new Date("2026-12-01T12:00:00Z") });
    expect(afterSaleOptions(shortLived, new Date("2026-12-03T10:00:00Z")).refund).toEqual({ allowed: true, until: new Date("2026-12-06T00:00:00Z") });
  });

  it("extends by up to 3 months in all, while the voucher is live", () => {
    const now = new Date("2027-01-15T10:00:00Z");
    expect(afterSaleOptions(protectedVoucher, now).extend).toEqual({ allowed: true, until: protectedVoucher.expiresAt, maxMonths: 3 });
    expect(afterSaleOptions(facts({ protected: true, extendedMonths: 2 }), now).extend).toMatchObject({ allowed: true, maxMonths: 1 });
    expect(afterSaleOptions(facts({ protected: true, extendedMonths: 3 }), now).extend).toEqual({ allowed: false, reason: "This voucher has already been extended by 3 months." });
    expect(afterSaleOptions(protectedVoucher, new Date("2027-05-21T12:00:00Z")).extend).toEqual({ allowed: false, reason: "This voucher has expired." });
  });

  it("is what extensions come with", () => {
    expect(afterSaleOptions(facts(), new Date("2027-01-15T10:00:00Z")).extend).toEqual({
      allowed: false,
      reason: "Extensions come with Deal Protection, which was not added to this order.",
    });
  });
});

describe("exchange for wallet credit", () => {
  it("is open while the voucher is unused and in date", () => {
    expect(afterSaleOptions(facts(), new Date("2027-03-01T10:00:00Z")).credit).toEqual({ allowed: true, until: new Date("2027-05-21T12:00:00Z") });
  });

  it("stays open for 14 days after expiry (the auto-credit rule), then closes", () => {
    const expired = facts({ status: "EXPIRED" });
    expect(afterSaleOptions(expired, new Date("2027-06-04T11:59:59Z")).credit).toEqual({ allowed: true, until: new Date("2027-06-04T12:00:00Z") });
    expect(afterSaleOptions(expired, new Date("2027-06-04T12:00:00Z")).credit).toEqual({ allowed: false, reason: "The 14 days to exchange this expired voucher for credit have ended." });
    // Past its expiry before the expiry job got to it: the same rule.
    expect(afterSaleOptions(facts(), new Date("2027-05-25T10:00:00Z")).credit.allowed).toBe(true);
  });

  it("is not offered for redeemed vouchers or for goods", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(afterSaleOptions(facts({ status: "REDEEMED" }), now).credit).toEqual({ allowed: false, reason: "This voucher has been redeemed." });
    expect(afterSaleOptions(facts({ physical: true }), now).credit).toEqual({ allowed: false, reason: "Goods are returned rather than exchanged for credit." });
  });
});

describe("a given voucher's rights (docs/decisions/gifts-after-sale-rights.md)", () => {
  const within14 = new Date("2026-11-25T10:00:00Z");
  const after14 = new Date("2027-01-15T10:00:00Z");
  const protectedVoucher = (gift: AfterSaleFacts["gift"]) => facts({ protected: true, gift });

  it("leaves the buyer of a claimed gift the 14-day cancellation only", () => {
    const claimed = protectedVoucher({ status: "CLAIMED", viewer: "buyer" });
    expect(afterSaleOptions(claimed, within14)).toMatchObject({
      refund: { allowed: true, until: new Date("2026-12-06T00:00:00Z") },
      credit: { allowed: false, reason: "Your gift has been claimed, so the voucher is no longer yours to exchange for credit." },
      extend: { allowed: false, reason: "Your gift has been claimed: the person you gave it to can extend it." },
    });
    // Deal Protection's longer refund does not stay with a buyer who gave the voucher away.
    expect(afterSaleOptions(claimed, after14).refund).toEqual({ allowed: false, reason: "Your gift has been claimed: only the 14-day cancellation stays with you, and it has ended." });
  });

  it("asks the buyer of a gift still waiting to take it back before credit, extension or the protected refund", () => {
    const sent = protectedVoucher({ status: "SENT", viewer: "buyer" });
    const takeBackFirst = "You have sent this voucher as a gift. To do this, take the gift back first (we will tell the recipient).";
    expect(afterSaleOptions(sent, within14)).toMatchObject({ refund: { allowed: true }, credit: { allowed: false, reason: takeBackFirst }, extend: { allowed: false, reason: takeBackFirst } });
    expect(afterSaleOptions(sent, after14).refund).toEqual({ allowed: false, reason: takeBackFirst });
  });

  it("gives the holder the extension but never money", () => {
    const held = afterSaleOptions(protectedVoucher({ status: "CLAIMED", viewer: "holder" }), within14);
    expect(held.extend).toEqual({ allowed: true, until: new Date("2027-05-21T12:00:00Z"), maxMonths: 3 });
    expect([held.refund.allowed, held.credit.allowed, held.return.allowed]).toEqual([false, false, false]);
    // Without Deal Protection there is nothing to extend, whoever holds it.
    expect(afterSaleOptions(facts({ gift: { status: "CLAIMED", viewer: "holder" } }), within14).extend).toMatchObject({ allowed: false, reason: expect.stringContaining("Deal Protection") });
  });

  it("keeps each right's own refusal where it would be refused anyway (a redeemed gift)", () => {
    const redeemed = facts({ status: "REDEEMED", gift: { status: "CLAIMED", viewer: "buyer" } });
    expect(afterSaleOptions(redeemed, within14).refund).toEqual({ allowed: false, reason: "This voucher has been redeemed." });
  });
});
