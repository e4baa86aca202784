import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { findMerchantBankColumns, type MerchantBankColumns, setMerchantBankColumns } from "../catalog/merchant-records";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { merchantError } from "./errors";

/** A UK bank account as staff type it: the name on the account, a 6-digit sort code and an 8-digit account number. */
export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

/** What anyone is ever shown of bank details (docs/decisions/merchant-bank-details.md). */
export interface MaskedBankDetails {
  accountName: string;
  /** ••-••-12 */
  sortCode: string;
  /** •••• 1234 */
  accountNumber: string;
}

export type BankDetailsProblems = Partial<Record<keyof BankDetails | "reason", string>>;

/**
 * Checks and normalises typed bank details (spaces and dashes in the numbers are allowed) and the
 * reason for the change, which is required: redirecting a merchant's payouts is the classic
 * payment fraud, so every change says why in the audit trail. Answers the problems per field.
 */
export function parseBankDetails(input: {
  accountName: string;
  sortCode: string;
  accountNumber: string;
  reason: string;
}): { ok: true; details: BankDetails; reason: string } | { ok: false; problems: BankDetailsProblems } {
  const accountName = input.accountName.trim();
  const reason = input.reason.trim();
  const sortCode = input.sortCode.replace(/[\s-]/g, "");
  const accountNumber = input.accountNumber.replace(/[\s-]/g, "");
  const problems: BankDetailsProblems = {};
  if (!accountName) problems.accountName = "Enter the name on the account.";
  else if (accountName.length > 140) problems.accountName = "Enter a name of at most 140 characters.";
  if (!/^\d{6}$/.test(sortCode)) problems.sortCode = "Enter a sort code of 6 digits, like 12-34-56.";
  if (!/^\d{8}$/.test(accountNumber)) problems.accountNumber = "Enter an account number of 8 digits.";
  if (!reason) problems.reason = "Say why the bank details change (for example, the merchant's signed change form): it is kept in the audit trail.";
  else if (reason.length > 500) problems.reason = "Keep the reason under 500 characters.";
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, details: { accountName, sortCode, accountNumber }, reason };
}

const VERSION = "v1";

/** Seals the sort code and account number with AES-256-GCM (random 12-byte IV, 16-byte tag): `v1.<iv>.<tag>.<ciphertext>`, base64. */
export function sealBankNumbers(key: Buffer, numbers: { sortCode: string; accountNumber: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(numbers), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), sealed.toString("base64")].join(".");
}

/** Opens what sealBankNumbers sealed; throws when the key is wrong or the text was changed. */
export function openBankNumbers(key: Buffer, sealedText: string): { sortCode: string; accountNumber: string } {
  const [version, iv, tag, sealed] = sealedText.split(".");
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error("Unrecognised sealed bank details");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8")) as { sortCode: string; accountNumber: string };
}

export function maskSortCode(sortCode: string): string {
  return `••-••-${sortCode.slice(-2)}`;
}

export function maskAccountNumber(last4: string): string {
  return `•••• ${last4.slice(-4)}`;
}

function maskedOf(key: Buffer, row: MerchantBankColumns): MaskedBankDetails | null {
  if (!row.bankDetailsSealed || !row.bankAccountLast4) return null;
  const { sortCode } = openBankNumbers(key, row.bankDetailsSealed);
  return { accountName: row.bankAccountName ?? "", sortCode: maskSortCode(sortCode), accountNumber: maskAccountNumber(row.bankAccountLast4) };
}

/** A merchant's bank details, masked (null when none are on file). The whole numbers never leave this module. */
export async function maskedBankDetails(db: Db, key: Buffer, merchantId: number): Promise<MaskedBankDetails | null> {
  const row = await findMerchantBankColumns(db, merchantId);
  if (!row) throw merchantError("UNKNOWN_MERCHANT");
  return maskedOf(key, row);
}

/**
 * Staff (finance or the owner: `merchants.bank-details`, checked by the page's guard) change a
 * merchant's bank details: sealed under the configured key, audited in the same transaction with
 * a masked before and after only, and the reason given.
 */
export async function changeBankDetails(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  key: Buffer,
  merchantId: number,
  details: BankDetails,
  reason: string,
): Promise<MaskedBankDetails> {
  return db.transaction(async (tx) => {
    const row = await findMerchantBankColumns(tx, merchantId, true);
    if (!row) throw merchantError("UNKNOWN_MERCHANT");
    const before = maskedOf(key, row);
    const last4 = details.accountNumber.slice(-4);
    await setMerchantBankColumns(tx, merchantId, {
      bankAccountName: details.accountName,
      bankDetailsSealed: sealBankNumbers(key, { sortCode: details.sortCode, accountNumber: details.accountNumber }),
      bankAccountLast4: last4,
    });
    const after: MaskedBankDetails = { accountName: details.accountName, sortCode: maskSortCode(details.sortCode), accountNumber: maskAccountNumber(last4) };
    await recordStaffChange(tx, clock, actor, {
      action: "merchant.bank-details.change",
      entity: { type: "merchant", id: merchantId },
      before: before ? { ...before } : null,
      after: { ...after },
      reason,
    });
    return after;
  });
}

/** Whether a merchant has bank details on file (a payout in pounds cannot be approved without). */
export async function hasBankDetails(db: Db, merchantId: number): Promise<boolean> {
  const row = await findMerchantBankColumns(db, merchantId);
  return Boolean(row?.bankDetailsSealed);
}

/**
 * The whole bank details of the merchants a BACS file pays: the one place they leave this module,
 * straight into the bank file finance downloads (modules/payouts/bank-file.ts). Merchants without
 * details are left out.
 */
export async function payeeAccounts(db: Db, key: Buffer, merchantIds: readonly number[]): Promise<Map<number, BankDetails>> {
  const accounts = new Map<number, BankDetails>();
  for (const merchantId of new Set(merchantIds)) {
    const row = await findMerchantBankColumns(db, merchantId);
    if (!row?.bankDetailsSealed) continue;
    accounts.set(merchantId, { accountName: row.bankAccountName ?? "", ...openBankNumbers(key, row.bankDetailsSealed) });
  }
  return accounts;
}
