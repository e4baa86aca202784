/**
 * npm run vip-refunds -- invite --customer <id>
 * npm run vip-refunds -- process [--request <id>]
 * npm run vip-refunds -- decline --request <id> --reason <text>
 *
 * Staff tools for the VIP cash-refund form (docs/decisions/vip-refund-form.md): invite an existing
 * or former VIP (the link is emailed through the outbox, and printed), carry out answered requests
 * now instead of waiting for the job, or turn a request down with a reason. On the database named
 * by DATABASE_URL (PostgreSQL) or, without it, the embedded PGlite database in DATA_DIR (stop the
 * server first: PGlite lives in one process). Links use the brand's public origin.
 */
import { z } from "zod";
import { openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { DomainError } from "../../lib/errors";
import { parseCommandLine, runCli, UsageError } from "../../lib/run-cli";
import type { Actor } from "../states/transition";
import { inviteVipRefund } from "./invite-refund";
import { declineVipRefundRequest, processVipRefundRequest, processVipRefundRequests } from "./process-refund-requests";

const USAGE = [
  "usage: npm run vip-refunds -- invite --customer <id>",
  "       npm run vip-refunds -- process [--request <id>]",
  "       npm run vip-refunds -- decline --request <id> --reason <text>",
].join("\n");

const STAFF: Actor = { type: "staff", id: "vip-refunds-cli" };

const wholeNumber = (what: string) => z.string().regex(/^\d{1,9}$/, `needs a ${what} id (a whole number)`).transform(Number);

type Command =
  | { command: "invite"; customer: number }
  | { command: "process"; request?: number }
  | { command: "decline"; request: number; reason: string }
  | { command: "help" };

const SCHEMAS = {
  invite: z.object({ customer: wholeNumber("customer") }),
  process: z.object({ request: wholeNumber("request").optional() }),
  decline: z.object({ request: wholeNumber("request"), reason: z.string({ error: "say why (--reason <text>)" }).trim().min(1, "say why (--reason <text>)").max(500) }),
} as const;

function parseArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return { command: "help" };
  if (command !== "invite" && command !== "process" && command !== "decline") throw new UsageError(`unknown command "${command}"`);
  const schema = SCHEMAS[command];
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].includes("=") ? rest[i].split("=", 2) : [rest[i], undefined];
    const name = flag.replace(/^--/, "");
    if (!flag.startsWith("--") || !(name in schema.shape)) throw new UsageError(`unknown argument "${rest[i]}"`);
    flags[name] = inline ?? rest[++i] ?? "";
  }
  const parsed = schema.safeParse(flags);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${issue.path.join(".")}: ${issue.message}`);
  }
  return { command, ...parsed.data } as Command;
}

async function main(): Promise<number> {
  const command = parseCommandLine("vip-refunds", USAGE, parseArgs);
  if ("exit" in command) return command.exit;
  const config = loadConfig(process.env);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  const services = { clock: systemClock, linkOrigin: (brand: keyof typeof config.publicOrigins) => config.publicOrigins[brand] };
  try {
    if (command.command === "invite") {
      const invitation = await inviteVipRefund(database.db, systemClock, { customerId: command.customer, actor: STAFF, linkOrigin: services.linkOrigin });
      process.stdout.write(
        `Invited customer ${command.customer} to the VIP refund form (request ${invitation.requestId}, ${invitation.paidAmount} paid, in minor units); the email is in the outbox.\n` +
          `Link (until ${invitation.expiresAt.toISOString()}):\n${invitation.url}\n`,
      );
    } else if (command.command === "process") {
      if (command.request === undefined) {
        process.stdout.write(`${await processVipRefundRequests(database.db, services)} request(s) processed.\n`);
      } else {
        process.stdout.write(`Request ${command.request}: ${await processVipRefundRequest(database.db, services, command.request, STAFF)}.\n`);
      }
    } else {
      await declineVipRefundRequest(database.db, { requestId: command.request, reason: command.reason, actor: STAFF, at: systemClock.now() });
      process.stdout.write(`Request ${command.request} declined.\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`vip-refunds: ${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli("vip-refunds", main);
