/**
 * npm run recommendations
 *
 * Recomputes the item-to-item recommendations (co-purchases and co-views) now, on the database
 * named by DATABASE_URL (PostgreSQL) or, without it, the embedded PGlite database in DATA_DIR
 * (default data/pglite; stop the server first: PGlite lives in one process). A running server
 * also does it every night (job recommendations.compute, server/jobs.ts).
 */
import { openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { runCli } from "../../lib/run-cli";
import { computeRecommendations } from "./compute";

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    process.stderr.write("usage: npm run recommendations\n");
    return 2;
  }
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "data/pglite", poolSize: 1 });
  try {
    const started = performance.now();
    const summary = await computeRecommendations(database.db, { now: systemClock.now() });
    process.stdout.write(
      `Recommendations computed from ${summary.shoppers} shoppers: ${summary.rows} pairs for ${summary.deals} deals in ${Math.round(performance.now() - started)} ms.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli("recommendations", main);
