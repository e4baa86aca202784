import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createLogger } from "./logger";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

/** A logger writing into an array of parsed lines. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger("info", stream), lines };
}

async function failure(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => {
      throw new Error("the query was meant to fail");
    },
    (error: unknown) => error,
  );
}

describe("logs", () => {
  it("never carry a failed query's parameters, wherever PostgreSQL repeats them", async () => {
    const email = "ann.secret@example.com";
    const token = "customer-token-4f9a1c";
    const error = await failure(database.db.execute(sql`select ${email}::text as email, ${token}::int as broken`));
    const { log, lines } = capturingLogger();
    log.error({ err: error }, "unhandled error");
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toContain("Failed query: select $1::text as email, $2::int as broken");
    expect(line).toContain("[redacted]");
    expect(line).not.toContain(email);
    expect(line).not.toContain(token);
  });

  it("hide a unique violation's detail, which names the value", async () => {
    await database.db.execute(sql`create temporary table logger_probe (email text primary key)`);
    const email = "twice.secret@example.com";
    await database.db.execute(sql`insert into logger_probe values (${email})`);
    const error = await failure(database.db.execute(sql`insert into logger_probe values (${email})`));
    const { log, lines } = capturingLogger();
    log.error({ err: error }, "unhandled error");
    expect(lines[0]).not.toContain(email);
  });

  it("hide passwords, tokens, cookies and card data a log call is given", () => {
    const { log, lines } = capturingLogger();
    log.info(
      { body: { email: "a@example.com", password: "hunter2hunter2", card: { number: "4111111111111111", securityCode: "123" } }, headers: { cookie: "session=abc123secret", authorization: "Bearer s3cr3t" } },
      "request",
    );
    const line = lines[0];
    for (const secret of ["hunter2hunter2", "4111111111111111", "session=abc123secret", "Bearer s3cr3t"]) expect(line).not.toContain(secret);
    expect(line).toContain("a@example.com");
  });
});
