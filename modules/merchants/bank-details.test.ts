import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMerchantRecord } from "../catalog/merchant-records";
import { searchAudit } from "../audit/search-audit";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { changeBankDetails, maskedBankDetails, openBankNumbers, parseBankDetails, sealBankNumbers } from "./bank-details";

let database: TestDatabase;
let merchantId: number;
const clock = new ManualClock("2026-11-28T10:00:00Z");
const key = randomBytes(32);
const finance = { staffUserId: 7, name: "Fran Finance", role: "finance" as const, ip: "198.51.100.9", requestId: "req-1" };

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

describe("merchants' bank details", () => {
  it("asks for a name, a 6-digit sort code and an 8-digit account number, allowing spaces and dashes", () => {
    expect(parseBankDetails({ accountName: " Spa Ltd ", sortCode: "12-34-56", accountNumber: "1234 5678", reason: " New account letter " })).toEqual({
      ok: true,
      details: { accountName: "Spa Ltd", sortCode: "123456", accountNumber: "12345678" },
      reason: "New account letter",
    });
    expect(parseBankDetails({ accountName: "", sortCode: "12345", accountNumber: "1234567a", reason: " " })).toEqual({
      ok: false,
      problems: {
        accountName: "Enter the name on the account.",
        sortCode: "Enter a sort code of 6 digits, like 12-34-56.",
        accountNumber: "Enter an account number of 8 digits.",
        reason: "Say why the bank details change (for example, the merchant's signed change form): it is kept in the audit trail.",
      },
    });
  });

  it("seals the numbers so that only the key opens them, and a changed text is refused", () => {
    const sealed = sealBankNumbers(key, { sortCode: "123456", accountNumber: "12345678" });
    expect(sealed).not.toContain("12345678");
    expect(openBankNumbers(key, sealed)).toEqual({ sortCode: "123456", accountNumber: "12345678" });
    expect(() => openBankNumbers(randomBytes(32), sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split(".");
    const tampered = Buffer.from(body, "base64");
    tampered[0] ^= 1;
    expect(() => openBankNumbers(key, [version, iv, tag, tampered.toString("base64")].join("."))).toThrow();
  });

  it("stores them sealed, shows them masked and audits a masked before and after", async () => {
    expect(await maskedBankDetails(database.db, key, merchantId)).toBeNull();
    await changeBankDetails(database.db, clock, finance, key, merchantId, { accountName: "Spa Ltd", sortCode: "123456", accountNumber: "12345678" }, "First details");
    const shown = await changeBankDetails(database.db, clock, finance, key, merchantId, { accountName: "Spa Trading Ltd", sortCode: "654321", accountNumber: "87654321" }, "New account letter");
    expect(shown).toEqual({ accountName: "Spa Trading Ltd", sortCode: "••-••-21", accountNumber: "•••• 4321" });
    expect(await maskedBankDetails(database.db, key, merchantId)).toEqual(shown);

    const record = await findMerchantRecord(database.db, merchantId);
    expect(record?.bankAccountLast4).toBe("4321");
    expect(record?.bankDetailsSealed).not.toContain("87654321");

    const { events: rows } = await searchAudit(database.db, { entityType: "merchant", entityId: String(merchantId) });
    const latest = rows.find((row) => row.action === "merchant.bank-details.change" && row.changes.accountName?.[1] === "Spa Trading Ltd");
    expect(latest).toMatchObject({
      actorName: "Fran Finance",
      actorRole: "finance",
      reason: "New account letter",
      changes: { accountName: ["Spa Ltd", "Spa Trading Ltd"], sortCode: ["••-••-56", "••-••-21"], accountNumber: ["•••• 5678", "•••• 4321"] },
    });
    expect(JSON.stringify(rows)).not.toMatch(/12345678|87654321|654321|123456/);
  });

  it("refuses an unknown merchant", async () => {
    await expect(changeBankDetails(database.db, clock, finance, key, 999_999, { accountName: "X", sortCode: "123456", accountNumber: "12345678" }, "Test")).rejects.toMatchObject({
      code: "UNKNOWN_MERCHANT",
    });
  });
});
