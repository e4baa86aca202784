import { describe, expect, it } from "vitest";
import { accountMenu } from "./account-menu";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("account menu per brand", () => {
  it("gives livingsocial the six basic entries", () => {
    expect(labels(accountMenu("livingsocial", false))).toEqual([
      "My Vouchers",
      "Account Details",
      "My Subscriptions",
      "Redeem Gift Card",
      "My Wallet",
      "Claim a Gift",
    ]);
  });

  it("adds My Rewards for VIP members, Club, refer a friend and become a merchant on wowcher", () => {
    const member = labels(accountMenu("wowcher", true));
    expect(member).toEqual(expect.arrayContaining(["My Rewards", "Club", "Refer a Friend", "Become a Merchant"]));
    expect(labels(accountMenu("wowcher", false))).not.toContain("My Rewards");
  });

  it("leaves gift cards and the Club out on the Irish brands", () => {
    expect(labels(accountMenu("wowcherie", true))).not.toEqual(expect.arrayContaining(["Club"]));
    // Euro gift cards are sold and redeemed on the Irish brands too (docs/decisions/gift-cards.md).
    expect(labels(accountMenu("wowcherie", true))).toContain("Redeem Gift Card");
    expect(labels(accountMenu("livingsocialie", false))).toContain("Redeem Gift Card");
  });
});
