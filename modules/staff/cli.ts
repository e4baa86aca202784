/**
 * npm run staff -- create-owner --email <address> --name <name> [--force] [--brand <brand>]
 *
 * Makes the first owner of the back office outside the demo: prints a one-time invitation link
 * (also emailed) where the owner chooses a password and enrols an authenticator. Refused while an
 * owner exists, unless --force. On the database named by DATABASE_URL or, without it, the embedded
 * PGlite database in DATA_DIR (stop the server first: PGlite lives in one process). The link uses
 * the brand's public origin (PUBLIC_ORIGIN_<BRAND>).
 */
import { z } from "zod";
import { openDatabase } from "../../db/client";
import { BRAND_IDS } from "../../lib/brand";
import { systemClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { DomainError } from "../../lib/errors";
import { parseCommandLine, runCli, UsageError } from "../../lib/run-cli";
import { emailField, requiredText } from "../accounts/validation";
import { createOwner } from "./create-owner";

const USAGE = "usage: npm run staff -- create-owner --email <address> --name <name> [--force] [--brand <brand>]";

const ownerArgs = z.object({ email: emailField, name: requiredText(), brand: z.enum(BRAND_IDS).optional(), force: z.boolean() });

type Command = ({ command: "create-owner" } & z.infer<typeof ownerArgs>) | { command: "help" };

function parseArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return { command: "help" };
  if (command !== "create-owner") throw new UsageError(`unknown command "${command}"`);
  const flags: Record<string, string | boolean> = { force: false };
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].includes("=") ? rest[i].split("=", 2) : [rest[i], undefined];
    if (flag === "--force") {
      flags.force = true;
      continue;
    }
    if (!["--email", "--name", "--brand"].includes(flag)) throw new UsageError(`unknown argument "${rest[i]}"`);
    flags[flag.slice(2)] = inline ?? rest[++i] ?? "";
  }
  const parsed = ownerArgs.safeParse(flags);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${issue.path.join(".")}: ${issue.message}`);
  }
  return { command: "create-owner", ...parsed.data };
}

async function main(): Promise<number> {
  const command = parseCommandLine("staff", USAGE, parseArgs);
  if ("exit" in command) return command.exit;
  const config = loadConfig(process.env);
  const brand = command.brand ?? config.BRAND;
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    const invitation = await createOwner(database.db, systemClock, { email: command.email, name: command.name, force: command.force, brand, linkOrigin: config.publicOrigins[brand] });
    process.stdout.write(
      `Invited ${command.email} as owner (staff user ${invitation.staffUserId}); the email is in the outbox.\n` +
        `One-time invitation link (until ${invitation.expiresAt.toISOString()}):\n${invitation.url}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`staff: ${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli("staff", main);
