/**
 * npm run search:reindex — rebuilds the search index from the catalogue (DATABASE_URL, or the
 * embedded database in DATA_DIR). Run it after a bulk import, or now and then to restore the
 * on-disk order and word counts that many single-deal updates wear down.
 */
import { openDatabase } from "../../db/client";
import { indexAllDeals } from "./index-deals";

const url = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ url, dataDir: process.env.DATA_DIR || "data/pglite", poolSize: 1 });
try {
  const started = performance.now();
  const summary = await indexAllDeals(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Indexed ${summary.documents} deals (${summary.terms} words) in ${seconds}s\n`);
} catch (error) {
  process.stderr.write(`search:reindex: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
