import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staffUsers } from "../staff/schema";

export type DealImportStatus = "importing" | "done" | "failed";

/**
 * A bulk CSV import of deals and products. The file is kept with its progress so an import that
 * stops part way (a crash, a deploy) resumes from the first row no batch has committed yet:
 * each batch's rows and the new `imported_rows` are written in one transaction.
 */
export const dealImports = pgTable(
  "deal_imports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file: the same file uploaded again resumes its unfinished import. */
    fileSha256: text("file_sha256").notNull(),
    csv: text("csv").notNull(),
    status: text("status").$type<DealImportStatus>().notNull().default("importing"),
    totalRows: integer("total_rows").notNull(),
    importedRows: integer("imported_rows").notNull().default(0),
    /** Why an import stopped, when it failed. */
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("deal_imports_staff_idx").on(t.staffId, t.createdAt),
    index("deal_imports_file_idx").on(t.fileSha256, t.status),
    check("deal_imports_status_known", sql`${t.status} in ('importing','done','failed')`),
    check("deal_imports_progress_valid", sql`${t.importedRows} >= 0 and ${t.importedRows} <= ${t.totalRows}`),
  ],
);

/**
 * Photos taken off a deal, whose stored files the sweep job deletes once no cached page can still
 * name them and no deal shows them (a clone shares its source's files; a re-upload brings one back).
 */
export const dealPhotoRemovals = pgTable(
  "deal_photo_removals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id").notNull(),
    /** The photo's URL as the deal listed it (`/img/photo/{dealId}/{name}.jpg`). */
    imageUrl: text("image_url").notNull(),
    /** Where its renditions are stored: `{storageKey}/{width}.{format}`. */
    storageKey: text("storage_key").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull(),
    /** When the sweep dealt with it: its files deleted, or kept because a deal shows it again. */
    sweptAt: timestamp("swept_at", { withTimezone: true }),
  },
  (t) => [index("deal_photo_removals_due_idx").on(t.removedAt).where(sql`${t.sweptAt} is null`)],
);
