import { describe, expect, it } from "vitest";
import { voucherPaymentShares } from "./voucher-payment-shares";

const sum = (shares: { card: number; refundableCredit: number; marketingCredit: number }[][]) =>
  shares.flat().reduce((acc, share) => ({ card: acc.card + share.card, refundable: acc.refundable + share.refundableCredit, marketing: acc.marketing + share.marketingCredit }), { card: 0, refundable: 0, marketing: 0 });

describe("voucherPaymentShares", () => {
  it("gives each voucher its unit's price when the card paid it all", () => {
    const shares = voucherPaymentShares({ total: 5000, walletRefundableUsed: 0, walletMarketingUsed: 0 }, [3000, 2000], [0, 1], [2, 1]);
    expect(shares).toEqual([
      [{ card: 1500, refundableCredit: 0, marketingCredit: 0 }, { card: 1500, refundableCredit: 0, marketingCredit: 0 }],
      [{ card: 2000, refundableCredit: 0, marketingCredit: 0 }],
    ]);
  });

  it("spreads a discount and wallet credit over the vouchers and never gives back more than was paid", () => {
    // £30.00 of goods plus £1.99 Deal Protection, £3.00 off, paid £20.00 by card, £7.99 refundable and £1.00 marketing credit.
    const order = { total: 2000, walletRefundableUsed: 799, walletMarketingUsed: 100 };
    const shares = voucherPaymentShares(order, [3000, 199], [0], [3]);
    const totals = sum(shares);
    expect(totals.card).toBeLessThanOrEqual(2000);
    expect(totals.refundable).toBeLessThanOrEqual(799);
    expect(totals.marketing).toBeLessThanOrEqual(100);
    // The protection's share (199 of 3199 of 2899 paid, about 180) stays with it; the vouchers share the rest.
    expect(totals.card + totals.refundable + totals.marketing).toBe(2899 - Math.round((2899 * 199) / 3199));
    for (const share of shares[0]) expect(share.card + share.refundableCredit + share.marketingCredit).toBeGreaterThanOrEqual(905);
  });

  it("gives nothing back for a free order", () => {
    expect(voucherPaymentShares({ total: 0, walletRefundableUsed: 0, walletMarketingUsed: 0 }, [0], [0], [2])).toEqual([
      [{ card: 0, refundableCredit: 0, marketingCredit: 0 }, { card: 0, refundableCredit: 0, marketingCredit: 0 }],
    ]);
  });
});
