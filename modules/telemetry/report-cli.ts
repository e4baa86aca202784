/**
 * npm run telemetry:report [-- --since 24h|7d|90m|2026-11-20T00:00:00Z] [--top 10]
 *
 * Counts of browser reports (client logs, not-found hits, bot reports, client errors) by kind and
 * brand, the most-hit missing pages and the commonest client error messages, over the last 24 hours
 * by default. Reads the database named by DATABASE_URL (PostgreSQL) or, without it, the embedded
 * PGlite database in DATA_DIR (default data/pglite; stop the server first: PGlite lives in one process).
 */
import { openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { parseCommandLine, runCli, UsageError } from "../../lib/run-cli";
import { formatTelemetryReport, telemetryReport } from "./report";

const USAGE = "usage: npm run telemetry:report -- [--since <24h|7d|90m|ISO date>] [--top <count>]";

type Command = { command: "report"; since: Date; top: number } | { command: "help" };

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration back from now (`24h`, `7d`, `90m`) or an ISO date. */
export function parseSince(text: string | undefined, now: Date): Date {
  if (!text) throw new UsageError("--since needs a duration (24h, 7d, 90m) or a date");
  const duration = /^(\d{1,6})([mhd])$/.exec(text);
  if (duration) return new Date(now.getTime() - Number(duration[1]) * UNIT_MS[duration[2]]);
  const date = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--since "${text}" is neither a duration (24h, 7d, 90m) nor a date`);
  return date;
}

export function parseReportArgs(args: readonly string[], now: Date): Command {
  const command: Command = { command: "report", since: new Date(now.getTime() - UNIT_MS.d), top: 10 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].includes("=") ? args[i].split("=", 2) : [args[i], undefined];
    const value = () => inline ?? args[++i];
    if (flag === "--help" || flag === "-h" || flag === "help") return { command: "help" };
    if (flag === "--since") command.since = parseSince(value(), now);
    else if (flag === "--top") {
      const top = value();
      if (!top || !/^\d{1,3}$/.test(top) || Number(top) === 0) throw new UsageError("--top needs a whole number from 1 to 999");
      command.top = Number(top);
    } else throw new UsageError(`unknown argument "${args[i]}"`);
  }
  return command;
}

async function main(): Promise<number> {
  const command = parseCommandLine("telemetry:report", USAGE, (args) => parseReportArgs(args, systemClock.now()));
  if ("exit" in command) return command.exit;
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "data/pglite", poolSize: 1 });
  try {
    process.stdout.write(formatTelemetryReport(await telemetryReport(database.db, command.since, command.top)));
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith("report-cli.ts")) runCli("telemetry:report", main);
