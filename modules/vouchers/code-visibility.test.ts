import { describe, expect, it } from "vitest";
import { type CodeFacts, codeVisibility, visibleCode } from "./code-visibility";

const BUYER = 1;
const RECIPIENT = 2;
const STRANGER = 3;
const bought = new Date("2026-11-28T10:00:00Z");
const ready = new Date("2026-11-29T10:00:00Z");
const before = new Date("2026-11-28T12:00:00Z");
const after = new Date("2026-11-29T10:00:01Z");

const kept: CodeFacts = { customerId: BUYER, holderCustomerId: null, gift: null, availableAt: ready, status: "READY_TO_REDEEM" };
const sent: CodeFacts = { ...kept, gift: "SENT" };
const claimed: CodeFacts = { ...kept, gift: "CLAIMED", holderCustomerId: RECIPIENT };

describe("codeVisibility: one rule for who may see a voucher's code, and when", () => {
  it("shows a kept voucher's code to its buyer from available_at on, not before", () => {
    expect(codeVisibility(kept, BUYER, before)).toEqual({ visible: false, reason: "NOT_READY" });
    expect(codeVisibility(kept, BUYER, ready)).toEqual({ visible: true });
    expect(codeVisibility(kept, BUYER, after)).toEqual({ visible: true });
  });

  it("hides a sent gift's code from its buyer, and nobody has it until it is claimed", () => {
    expect(codeVisibility(sent, BUYER, after)).toEqual({ visible: false, reason: "GIFTED" });
    expect(codeVisibility(sent, RECIPIENT, after)).toEqual({ visible: false, reason: "NOT_YOURS" });
  });

  it("gives a claimed gift's code to the recipient (once ready), never to the buyer", () => {
    expect(codeVisibility(claimed, BUYER, after)).toEqual({ visible: false, reason: "GIFTED" });
    expect(codeVisibility(claimed, RECIPIENT, before)).toEqual({ visible: false, reason: "NOT_READY" });
    expect(codeVisibility(claimed, RECIPIENT, after)).toEqual({ visible: true });
  });

  it("gives the code back to the buyer once a sent gift is cancelled (no standing gift)", () => {
    expect(codeVisibility({ ...sent, gift: null }, BUYER, after)).toEqual({ visible: true });
  });

  it("never shows a code to a stranger or a guest", () => {
    expect(codeVisibility(kept, STRANGER, after)).toEqual({ visible: false, reason: "NOT_YOURS" });
    expect(codeVisibility(kept, null, after)).toEqual({ visible: false, reason: "NOT_YOURS" });
  });

  it("keeps a redeemed or cancelled voucher's code as its holder's record, and still hides it from the buyer of a gift", () => {
    for (const status of ["REDEEMED", "REFUNDED", "REQUEST_PROCESSED", "EXPIRED"] as const) {
      expect(codeVisibility({ ...kept, status }, BUYER, after)).toEqual({ visible: true });
      expect(codeVisibility({ ...claimed, status }, BUYER, after)).toEqual({ visible: false, reason: "GIFTED" });
    }
    // Cancelled before it was ready: the code was never shown and still is not.
    expect(codeVisibility({ ...kept, status: "REFUNDED" }, BUYER, before)).toEqual({ visible: false, reason: "NOT_READY" });
  });

  it("visibleCode gives the code or null by the same rule", () => {
    expect(visibleCode({ ...kept, code: "AAAA-BBBB-CCCC" }, BUYER, after)).toBe("AAAA-BBBB-CCCC");
    expect(visibleCode({ ...kept, code: "AAAA-BBBB-CCCC" }, BUYER, bought)).toBeNull();
    expect(visibleCode({ ...claimed, code: "AAAA-BBBB-CCCC" }, BUYER, after)).toBeNull();
  });
});
