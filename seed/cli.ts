/**
 * npm run seed -- --deals 100000 [--seed 42] [--reset]
 *
 * Seeds the catalogue of the database named by DATABASE_URL (PostgreSQL) or, without it, the
 * embedded PGlite database in DATA_DIR (default data/pglite).
 */
import { openDatabase } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { DEFAULT_SEED, resetCatalogue, seedCatalogue } from "./index";
import { runCli } from "../lib/run-cli";

const DEFAULT_DEALS = 2000;
const USAGE = `usage: npm run seed -- [--deals <count>] [--seed <number>] [--reset]  (defaults: ${DEFAULT_DEALS} deals, seed ${DEFAULT_SEED})`;

interface CliOptions {
  deals: number;
  seed: number;
  reset: boolean;
  help: boolean;
}

class UsageError extends Error {}

function parseArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = { deals: DEFAULT_DEALS, seed: DEFAULT_SEED, reset: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split("=", 2) : [arg, undefined];
    const value = () => {
      const text = inline ?? args[++i];
      if (text === undefined || !/^\d+$/.test(text)) throw new UsageError(`${flag} needs a whole number`);
      return Number(text);
    };
    if (flag === "--deals") options.deals = value();
    else if (flag === "--seed") options.seed = value();
    else if (flag === "--reset" && inline === undefined) options.reset = true;
    else if ((flag === "--help" || flag === "-h") && inline === undefined) options.help = true;
    else throw new UsageError(`unknown argument "${arg}"`);
  }
  return options;
}

/** `[#####-----] 45% 45000/100000 deals  12.3s`, rewritten in place on a terminal. */
function progressReporter(started: number): (done: number, total: number) => void {
  const width = 30;
  const interactive = process.stderr.isTTY === true;
  let lastDecile = -1;
  return (done, total) => {
    const fraction = total === 0 ? 1 : done / total;
    const filled = Math.round(fraction * width);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const line = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.floor(fraction * 100)}% ${done}/${total} deals  ${seconds}s`;
    if (interactive) {
      process.stderr.write(`\r${line}${done === total ? "\n" : ""}`);
    } else if (Math.floor(fraction * 10) > lastDecile) {
      // Logs and CI: one line per 10% instead of carriage returns.
      lastDecile = Math.floor(fraction * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`seed: ${error.message}; ${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const url = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "data/pglite";
  const database = await openDatabase({ url, dataDir, poolSize: 2 });
  const started = performance.now();
  try {
    // Under the setup lock: a server starting against the same PostgreSQL waits for us.
    const summary = await database.withSetupLock(async (db) => {
      await applyMigrations(database.kind, db);
      if (options.reset) await resetCatalogue(db);
      return seedCatalogue(db, { deals: options.deals, seed: options.seed, onProgress: progressReporter(started) });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = Object.entries(summary)
      .map(([name, count]) => `${count} ${name}`)
      .join(", ");
    process.stdout.write(`Seeded ${counts} into ${url ? "PostgreSQL" : dataDir} in ${seconds}s\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli("seed", main);
