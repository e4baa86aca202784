import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { applyMigrations } from "../../db/migrate";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

/**
 * `npm run staff -- create-owner` as an operator runs it: on PostgreSQL when DATABASE_URL is set
 * (CI's second pass), else on a PGlite data directory made for the test.
 */
let database: TestDatabase | null = null;
let dataDir: string | null = null;
const env: Record<string, string> = { PATH: process.env.PATH ?? "", PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk" };

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url!;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), "dealwise-staff-cli-"));
    const local = await openDatabase({ dataDir });
    await applyMigrations(local.kind, local.db);
    await local.close();
    env.DATA_DIR = dataDir;
  }
}, 120_000);
afterAll(async () => {
  await database?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function staff(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "modules/staff/cli.ts", ...args], { env, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

describe("npm run staff -- create-owner", () => {
  it("invites the first owner and prints a one-time link from the configured origin; a second owner needs --force", () => {
    const first = staff("create-owner", "--email", "Olive@Example.com", "--name", "Olive");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Invited Olive@Example\.com as owner \(staff user \d+\); the email is in the outbox\.\n/);
    expect(first.stdout).toMatch(/\nhttps:\/\/www\.wowcher\.co\.uk\/admin\/invitation\/[\w-]{20,}\n$/);

    const second = staff("create-owner", "--email", "oscar@example.com", "--name", "Oscar");
    expect(second.status).not.toBe(0);
    expect(second.stderr).toContain("An owner already exists. Use --force to invite another.");
    expect(staff("create-owner", "--email", "oscar@example.com", "--name", "Oscar", "--force").status).toBe(0);
  });

  it("refuses a malformed command with its usage", () => {
    const bad = staff("create-owner", "--email", "not-an-email", "--name", "X");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--email: /);
    expect(staff("make-coffee").stderr).toContain('unknown command "make-coffee"');
  });
});
