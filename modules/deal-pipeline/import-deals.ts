import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { recordAudit } from "../audit/record-audit";
import { insertDraftDeals } from "../catalog/deal-editing";
import { DEAL_PROCESS } from "../catalog/deal-lifecycle";
import { categories, locations, merchants } from "../catalog/schema";
import { recordInitialStatus } from "../states/transition";
import { hasPermission } from "../staff/permissions";
import { auditActor, type StaffActor } from "../staff/staff-actor";
import { type CheckedDealFile, type DealImportDraft, checkDealFile, merchantIdsNamed } from "./deal-import-csv";
import { dealPipelineError } from "./errors";
import { dealImports } from "./schema";

/** Rows per transaction: a batch never splits a deal, so it may run a few rows over. */
export const IMPORT_BATCH_ROWS = 500;

export type DealFileCheck = Omit<CheckedDealFile, "drafts"> & { deals: number };

export interface DealImportOutcome {
  importId: number;
  rows: number;
  deals: number;
  /** Rows a previous run had already committed (0 for a fresh import). */
  resumedFrom: number;
}

/** For tests: runs inside each batch's transaction before it commits (a throw there is a batch that failed). */
export type BeforeBatchCommit = (batch: { number: number; fromRow: number; toRow: number }) => void | Promise<void>;

function requireCreate(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "deals.create")) throw dealPipelineError("NOT_YOUR_ROLE");
}

/** Reads and checks the file, looking up its locations, categories and merchants in three queries (not one per row). */
async function checkFile(db: Db, clock: Clock, text: string): Promise<CheckedDealFile> {
  const merchantIds = merchantIdsNamed(text);
  const [places, tree, known] = await Promise.all([
    db.select({ id: locations.id, name: locations.name, shortName: locations.shortName, countryCode: locations.countryCode }).from(locations),
    db.select({ id: categories.id, parentId: categories.parentId, shortName: categories.shortName, kind: categories.kind }).from(categories),
    merchantIds.length ? db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.id, merchantIds)) : Promise.resolve([]),
  ]);
  return checkDealFile(text, { locations: places, categories: tree, merchantIds: new Set(known.map((merchant) => merchant.id)) }, clock.now());
}

/** The dry run: every row checked as the deal editor would, each problem by row and column; nothing is written. */
export async function checkDealImport(db: Db, clock: Clock, actor: StaffActor, text: string): Promise<DealFileCheck> {
  requireCreate(actor);
  const { drafts, ...checked } = await checkFile(db, clock, text);
  return { ...checked, deals: drafts.length };
}

/**
 * Imports a file without errors as draft deals, in batches of about IMPORT_BATCH_ROWS rows: each
 * batch's deals, options, first history rows, its one audit row and the import's new progress
 * commit together, so a stopped import resumes from its first uncommitted row. The same file
 * uploaded again while its import is unfinished (importing or failed) resumes it.
 */
export async function importDeals(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  file: { name: string; text: string },
  options: { batchRows?: number; beforeCommit?: BeforeBatchCommit } = {},
): Promise<DealImportOutcome> {
  requireCreate(actor);
  const checked = await checkFile(db, clock, file.text);
  if (checked.errors.length > 0) throw dealPipelineError("IMPORT_FILE_HAS_ERRORS");
  const sha = createHash("sha256").update(file.text).digest("hex");
  const started = await startOrResume(db, clock, actor, file, sha, checked.rows);
  let committed = started.importedRows;
  let batchNumber = 0;
  for (const batch of batchesFrom(checked.drafts, started.importedRows, options.batchRows ?? IMPORT_BATCH_ROWS)) {
    batchNumber++;
    const toRow = committed + batch.reduce((sum, draft) => sum + draft.rows, 0);
    try {
      await writeBatch(db, clock, actor, started.id, batch, committed, toRow, checked.rows, () => options.beforeCommit?.({ number: batchNumber, fromRow: committed, toRow }));
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "IMPORT_BUSY") throw error;
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(dealImports)
        .set({ status: "failed", failure: `Rows ${committed + 1} to ${toRow}: ${reason}`.slice(0, 500), updatedAt: clock.now() })
        .where(eq(dealImports.id, started.id));
      throw dealPipelineError(
        "IMPORT_FAILED",
        { importId: started.id, importedRows: committed },
        `The import stopped after ${committed.toLocaleString("en-GB")} of ${checked.rows.toLocaleString("en-GB")} rows (${reason}). Upload the same file again to carry on from row ${committed + 1}.`,
      );
    }
    committed = toRow;
  }
  return { importId: started.id, rows: checked.rows, deals: checked.drafts.length, resumedFrom: started.importedRows };
}

/** The unfinished import of the same file, set going again; or a new one. A file already imported in full is refused. */
async function startOrResume(db: Db, clock: Clock, actor: StaffActor, file: { name: string; text: string }, sha: string, totalRows: number) {
  const [latest] = await db
    .select({ id: dealImports.id, status: dealImports.status, importedRows: dealImports.importedRows })
    .from(dealImports)
    .where(eq(dealImports.fileSha256, sha))
    .orderBy(desc(dealImports.id))
    .limit(1);
  if (latest?.status === "done") throw dealPipelineError("IMPORT_ALREADY_DONE");
  const now = clock.now();
  if (latest) {
    await db.update(dealImports).set({ status: "importing", failure: null, updatedAt: now }).where(eq(dealImports.id, latest.id));
    return latest;
  }
  const [created] = await db
    .insert(dealImports)
    .values({ staffId: actor.staffUserId!, fileName: file.name.slice(0, 200), fileSha256: sha, csv: file.text, totalRows, createdAt: now, updatedAt: now })
    .returning({ id: dealImports.id, importedRows: dealImports.importedRows });
  return created;
}

/** The deals not yet committed (the first `skipRows` rows are), in groups of at least `size` rows, whole deals only. */
function* batchesFrom(drafts: readonly DealImportDraft[], skipRows: number, size: number): Generator<DealImportDraft[]> {
  let passed = 0;
  let batch: DealImportDraft[] = [];
  let rows = 0;
  for (const draft of drafts) {
    passed += draft.rows;
    if (passed <= skipRows) continue;
    batch.push(draft);
    rows += draft.rows;
    if (rows >= size) {
      yield batch;
      batch = [];
      rows = 0;
    }
  }
  if (batch.length) yield batch;
}

async function writeBatch(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  importId: number,
  batch: DealImportDraft[],
  fromRow: number,
  toRow: number,
  totalRows: number,
  beforeCommit: () => void | Promise<void>,
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    // The import's row lock: a second request running the same file waits here, then sees the rows moved on and stops.
    const [progress] = await tx.select({ importedRows: dealImports.importedRows }).from(dealImports).where(eq(dealImports.id, importId)).for("update");
    if (progress.importedRows !== fromRow) throw dealPipelineError("IMPORT_BUSY");
    const ids = await insertDraftDeals(tx, batch, now);
    await recordInitialStatus(
      tx,
      DEAL_PROCESS,
      ids.map((id) => ({ id, status: "draft" as const })),
      { actor: { type: "staff", id: String(actor.staffUserId) }, at: now, reason: `Imported from a CSV file (import ${importId})` },
    );
    await recordAudit(
      tx,
      {
        actor: auditActor(actor),
        action: "deal.import",
        entity: { type: "deal-import", id: importId },
        before: { importedRows: fromRow },
        after: { importedRows: toRow, rows: `${fromRow + 1} to ${toRow}`, deals: ids.length, dealIds: `${ids[0]} to ${ids.at(-1)}` },
        ip: actor.ip,
        requestId: actor.requestId,
      },
      clock,
    );
    await tx
      .update(dealImports)
      .set({ importedRows: toRow, status: toRow === totalRows ? "done" : "importing", updatedAt: now })
      .where(and(eq(dealImports.id, importId), eq(dealImports.importedRows, fromRow)));
    await beforeCommit();
  });
}
