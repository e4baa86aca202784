import { describe, expect, it } from "vitest";
import { planWalletUse } from "./plan-wallet-use";

describe("planWalletUse", () => {
  it("limits marketing credit to 10% of each eligible unit, at most 5.00 a unit", () => {
    const items = [
      { unitPrice: 3000, quantity: 2 }, // 2 × 300
      { unitPrice: 9900, quantity: 1 }, // capped at 500
    ];
    expect(planWalletUse({ balance: { refundable: 0, marketing: 10_000 }, eligibleItems: items, payable: 15_900 })).toEqual({ refundable: 0, marketing: 1100 });
  });

  it("pays the rest with refundable credit, never more than is owed", () => {
    expect(planWalletUse({ balance: { refundable: 10_000, marketing: 10_000 }, eligibleItems: [{ unitPrice: 2000, quantity: 1 }], payable: 2000 })).toEqual({
      refundable: 1800,
      marketing: 200,
    });
    expect(planWalletUse({ balance: { refundable: 500, marketing: 0 }, eligibleItems: [], payable: 2000 })).toEqual({ refundable: 500, marketing: 0 });
  });
});
