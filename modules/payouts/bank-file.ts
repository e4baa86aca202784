import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { csvAmount, csvRow } from "../../lib/csv";
import { merchants } from "../catalog/schema";
import { payeeAccounts } from "../merchants/bank-details";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { payoutError } from "./errors";
import { payoutBankFiles, payouts } from "./schema";

/** BACS: a credit to the payee's account. */
const BACS_CREDIT = "99";
/** BACS name and reference fields: 18 characters of A–Z, 0–9, space and . & / - */
const BACS_FIELD_LENGTH = 18;

/** Text as a BACS field takes it: upper case, characters it does not allow dropped, starting with a letter or digit, at most 18 characters. */
export function bacsText(text: string): string {
  return (
    text
      .normalize("NFKD")
      .toUpperCase()
      .replace(/[^A-Z0-9 .&/-]/g, "")
      .replace(/\s+/g, " ")
      // A leading "-" would read as a formula to a spreadsheet opening the file: start with a letter or digit.
      .replace(/^[^A-Z0-9]+/, "")
      .slice(0, BACS_FIELD_LENGTH)
      .trim()
  );
}

/** The reference the merchant sees on their bank statement: the payout's number. */
export const payoutReference = (payoutId: number) => bacsText(`DEALWISE PAYOUT ${payoutId}`);

/**
 * Finance takes every approved payout in pounds that is not in a bank file yet into a new one
 * (locked, so two presses make one file), audited. Euro payouts are not BACS payments: finance
 * sends them by SEPA transfer and marks them paid by hand.
 */
export async function createBankFile(db: Db, clock: Clock, actor: StaffActor): Promise<number> {
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({ id: payouts.id, amount: payouts.amount })
      .from(payouts)
      .where(and(eq(payouts.status, "approved"), eq(payouts.currency, "GBP"), isNull(payouts.bankFileId)))
      .orderBy(asc(payouts.id))
      .for("update", { skipLocked: true });
    if (waiting.length === 0) throw payoutError("NOTHING_TO_PAY");
    const total = waiting.reduce((sum, payout) => sum + payout.amount, 0);
    const [file] = await tx
      .insert(payoutBankFiles)
      .values({ createdAt: clock.now(), createdByName: actor.name, payoutCount: waiting.length, total })
      .returning({ id: payoutBankFiles.id });
    await tx
      .update(payouts)
      .set({ bankFileId: file.id })
      .where(
        inArray(
          payouts.id,
          waiting.map((payout) => payout.id),
        ),
      );
    await recordStaffChange(tx, clock, actor, {
      action: "payout.bank-file",
      entity: { type: "payout_bank_file", id: file.id },
      before: null,
      after: { payoutIds: waiting.map((payout) => payout.id), total, currency: "GBP" },
    });
    return file.id;
  });
}

/**
 * The bank file in the BACS bureau CSV layout (docs/payouts-bank-file.md): one line per payout,
 * no header: destination sort code, account number, account name, amount in pounds, reference,
 * transaction code 99. Each download is audited by the page (it holds whole bank details).
 */
export async function bankFileCsv(db: Db, key: Buffer, fileId: number): Promise<string> {
  const [file] = await db.select({ id: payoutBankFiles.id }).from(payoutBankFiles).where(eq(payoutBankFiles.id, fileId));
  if (!file) throw payoutError("UNKNOWN_BANK_FILE");
  const rows = await db
    .select({ id: payouts.id, merchantId: payouts.merchantId, amount: payouts.amount, businessName: merchants.businessName })
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(eq(payouts.bankFileId, fileId))
    .orderBy(asc(payouts.id));
  const accounts = await payeeAccounts(
    db,
    key,
    rows.map((row) => row.merchantId),
  );
  return rows
    .map((row) => {
      const account = accounts.get(row.merchantId);
      // Approval checked the details were there; a merchant whose details were removed since is a line the bureau must refuse, not a silent gap.
      return csvRow([
        account?.sortCode ?? "",
        account?.accountNumber ?? "",
        bacsText(account?.accountName || row.businessName),
        csvAmount(row.amount),
        payoutReference(row.id),
        BACS_CREDIT,
      ]);
    })
    .join("");
}
