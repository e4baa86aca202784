import { describe, expect, it } from "vitest";
import { qrMatrix, renderVoucherPdf } from "./voucher-pdf";
import { pdfTextLines } from "../../tests/support/pdf-text";

const voucher = {
  id: 90000001,
  code: "7KQ4-MZ2P-XW9D",
  orderId: 70000001,
  dealId: 30000001,
  dealTitle: "Spa day for two with afternoon tea",
  productName: "Weekday visit",
  merchantName: "Serenity Spa",
  status: "Ready to Redeem",
  expiresAt: new Date("2027-05-21T12:00:00Z"),
  purchasedAt: new Date("2026-11-21T12:00:00Z"),
  brandName: "Wowcher",
  customerName: "Ada Lovelace",
};

const textLines = pdfTextLines;

describe("renderVoucherPdf", () => {
  it("produces a one-page PDF carrying the code, deal, merchant, status and expiry", async () => {
    const pdf = await renderVoucherPdf(voucher, { compress: false });
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    expect(raw).toContain("(Wowcher voucher 7KQ4-MZ2P-XW9D)");
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(textLines(raw)).toEqual(
      expect.arrayContaining([
        "Spa day for two with afternoon tea",
        "Merchant: Serenity Spa",
        "7KQ4-MZ2P-XW9D",
        "Status: Ready to Redeem",
        "Valid until: 21 May 2027",
        "Order number: 70000001",
      ]),
    );
  });
});

describe("qrMatrix", () => {
  it("is a square QR symbol with the three finder patterns", () => {
    const matrix = qrMatrix("7KQ4-MZ2P-XW9D");
    const size = matrix.length;
    expect(size).toBeGreaterThanOrEqual(21);
    expect(matrix.every((row) => row.length === size)).toBe(true);
    const finderAt = (top: number, left: number) =>
      [0, 6].every((edge) => Array.from({ length: 7 }, (_, i) => matrix[top + edge][left + i] && matrix[top + i][left + edge]).every(Boolean)) &&
      matrix[top + 3][left + 3];
    expect(finderAt(0, 0)).toBe(true);
    expect(finderAt(0, size - 7)).toBe(true);
    expect(finderAt(size - 7, 0)).toBe(true);
    expect(qrMatrix("another code")).not.toEqual(matrix);
  });
});

describe("renderVoucherPdf before the voucher is available", () => {
  it("refuses: there is no code to print yet", async () => {
    await expect(renderVoucherPdf({ ...voucher, code: null })).rejects.toMatchObject({ code: "VOUCHER_NOT_READY", status: 409 });
  });
});
