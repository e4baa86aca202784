/**
 * npm run jobs -- list [--status dead] [--name mail.deliver] [--limit 50]
 * npm run jobs -- retry <id>
 *
 * Lists background jobs and re-runs dead ones, on the database named by DATABASE_URL (PostgreSQL)
 * or, without it, the embedded PGlite database in DATA_DIR (default data/pglite; stop the server
 * first: PGlite lives in one process).
 */
import { openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { formatJobTable } from "./job-table";
import { JOB_STATUSES, listJobs, retryJob } from "./operator";
import type { JobStatus } from "./schema";
import { parseCommandLine, runCli, UsageError } from "../../lib/run-cli";

const USAGE = "usage: npm run jobs -- list [--status pending|running|done|dead] [--name <job>] [--limit <count>]\n       npm run jobs -- retry <id>";

type Command = { command: "list"; status?: JobStatus; name?: string; limit: number } | { command: "retry"; id: number } | { command: "help" };

function wholeNumber(flag: string, text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw new UsageError(`${flag} needs a whole number`);
  return Number(text);
}

function parseArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return { command: "help" };
  if (command === "retry") {
    if (rest.length !== 1) throw new UsageError("retry needs one job id");
    return { command: "retry", id: wholeNumber("retry", rest[0]) };
  }
  if (command !== "list") throw new UsageError(`unknown command "${command}"`);
  const list: Command = { command: "list", limit: 50 };
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].includes("=") ? rest[i].split("=", 2) : [rest[i], undefined];
    const value = () => inline ?? rest[++i];
    if (flag === "--status") {
      const status = value();
      if (!JOB_STATUSES.includes(status as JobStatus)) throw new UsageError(`--status must be one of ${JOB_STATUSES.join(", ")}`);
      list.status = status as JobStatus;
    } else if (flag === "--name") {
      const name = value();
      if (!name) throw new UsageError("--name needs a job name");
      list.name = name;
    } else if (flag === "--limit") list.limit = wholeNumber(flag, value());
    else throw new UsageError(`unknown argument "${rest[i]}"`);
  }
  return list;
}

async function main(): Promise<number> {
  const command = parseCommandLine("jobs", USAGE, parseArgs);
  if ("exit" in command) return command.exit;
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "data/pglite", poolSize: 1 });
  try {
    if (command.command === "list") {
      process.stdout.write(formatJobTable(await listJobs(database.db, command)));
      return 0;
    }
    const result = await retryJob(database.db, command.id, systemClock);
    switch (result.outcome) {
      case "retried":
        process.stdout.write(`Job ${result.job.id} (${result.job.name}) is pending again; a running server picks it up within a second or two.\n`);
        return 0;
      case "not-found":
        process.stderr.write(`jobs: there is no job ${command.id}\n`);
        return 1;
      case "not-dead":
        process.stderr.write(`jobs: job ${command.id} is ${result.job.status}; only dead jobs can be retried\n`);
        return 1;
      case "already-queued":
        process.stderr.write(`jobs: job ${command.id} was not retried: job ${result.queued.id} with the same key (${result.queued.uniqueKey}) is already ${result.queued.status}\n`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

runCli("jobs", main);
