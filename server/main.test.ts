import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe("start-up with a bad configuration", () => {
  it("stops with one line naming a bad PORT", () => {
    const { status, stderr } = start({ PORT: "not-a-port" });
    expect(status).toBe(1);
    expect(stderr).toBe('dealwise: Invalid configuration: PORT must be a whole number between 1 and 65535 (got "not-a-port")');
  });

  it("stops with one line naming the missing variable of an incomplete S3 storage", () => {
    const { status, stderr } = start({ S3_BUCKET: "deal-pictures", S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com", S3_ACCESS_KEY_ID: "AKIDEXAMPLE" });
    expect(status).toBe(1);
    expect(stderr).toBe(
      "dealwise: Invalid configuration: S3_SECRET_ACCESS_KEY is missing (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID set: S3 storage needs S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
    );
  });

  it("stops with one line when the database cannot be reached", () => {
    const { status, stderr } = start({ DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/shop" });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^dealwise: Cannot connect to the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/shop: .*ECONNREFUSED/);
  });
});
