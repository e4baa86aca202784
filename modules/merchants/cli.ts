/**
 * npm run merchants -- invite (--merchant <id> | --deal <id>) --email <address> --name <name> [--brand <brand>]
 *
 * Invites a person to a merchant's portal (/merchant), named by its id or by one of its deals (the
 * number in a deal page's address, e.g. /deal/london/spa/massage/30000123/…): emails the single-use link (valid 7 days)
 * and prints it too. On the database named by DATABASE_URL (PostgreSQL) or, without it, the
 * embedded PGlite database in DATA_DIR (default data/pglite; stop the server first: PGlite lives
 * in one process). The link uses the brand's public origin (PUBLIC_ORIGIN_<BRAND>).
 */
import { z } from "zod";
import { openDatabase } from "../../db/client";
import { BRAND_IDS, type BrandId } from "../../lib/brand";
import { systemClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { DomainError } from "../../lib/errors";
import { emailField, requiredText } from "../accounts/validation";
import { inviteMerchantUser } from "./invite-merchant-user";
import { merchantOfDeal } from "./merchant-of-deal";
import { parseCommandLine, runCli, UsageError } from "../../lib/run-cli";

const USAGE = "usage: npm run merchants -- invite (--merchant <id> | --deal <id>) --email <address> --name <name> [--brand <brand>]";

const wholeNumber = (what: string) => z.string().regex(/^\d{1,9}$/, `needs a ${what} id (a whole number)`).transform(Number);

const inviteArgs = z.object({
  merchant: wholeNumber("merchant").optional(),
  deal: wholeNumber("deal").optional(),
  email: emailField,
  name: requiredText(),
  brand: z.enum(BRAND_IDS).optional(),
});

type Command = { command: "invite"; merchant?: number; deal?: number; email: string; name: string; brand?: BrandId } | { command: "help" };

function parseArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return { command: "help" };
  if (command !== "invite") throw new UsageError(`unknown command "${command}"`);
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].includes("=") ? rest[i].split("=", 2) : [rest[i], undefined];
    if (!["--merchant", "--deal", "--email", "--name", "--brand"].includes(flag)) throw new UsageError(`unknown argument "${rest[i]}"`);
    flags[flag.slice(2)] = inline ?? rest[++i] ?? "";
  }
  const parsed = inviteArgs.safeParse(flags);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${issue.path.join(".")}: ${issue.message}`);
  }
  if ((parsed.data.merchant === undefined) === (parsed.data.deal === undefined)) throw new UsageError("name the merchant with either --merchant or --deal");
  return { command: "invite", ...parsed.data };
}

async function main(): Promise<number> {
  const command = parseCommandLine("merchants", USAGE, parseArgs);
  if ("exit" in command) return command.exit;
  const config = loadConfig(process.env);
  const brand = command.brand ?? config.BRAND;
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    const merchantId = command.merchant ?? (await merchantOfDeal(database.db, command.deal!));
    if (merchantId === null) {
      process.stderr.write(`merchants: there is no deal ${command.deal}\n`);
      return 1;
    }
    const invitation = await inviteMerchantUser(database.db, systemClock, {
      merchantId,
      email: command.email,
      name: command.name,
      brand,
      linkOrigin: config.publicOrigins[brand],
    });
    process.stdout.write(
      `Invited ${command.email} (merchant user ${invitation.merchantUserId}); the email is in the outbox.\n` +
        `Invitation link (single use, until ${invitation.expiresAt.toISOString()}):\n${invitation.url}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`merchants: ${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli("merchants", main);
