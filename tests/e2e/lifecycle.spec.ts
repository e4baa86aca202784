import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

// Needs the production build, like the browser journeys, so it lives with them.
test("the server stops cleanly on SIGTERM and keeps its data for the next start", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), "dealwise-lifecycle-"));
  const port = 3190 + (Number(process.env.E2E_PORT ?? 3100) % 10);
  const start = () => {
    const child = spawn(process.execPath, ["build/server.js"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEALS: "300", LOG_LEVEL: "info", DATABASE_URL: "" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    return { child, exited, output: () => output };
  };
  const waitUntilReady = async () => {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 60_000 })
      .toBe(200);
  };

  try {
    const first = start();
    await waitUntilReady();
    const firstPage = await (await fetch(`http://127.0.0.1:${port}/deals/london`)).text();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shutting down");

    const second = start();
    await waitUntilReady();
    const secondPage = await (await fetch(`http://127.0.0.1:${port}/deals/london`)).text();
    expect(second.output()).not.toContain("seeding demo data");
    const headlines = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headlines(secondPage).length).toBeGreaterThan(0);
    expect(headlines(secondPage)).toEqual(headlines(firstPage));
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("with WEB_CONCURRENCY=2 two processes share the port, a crashed one is replaced, and SIGTERM stops both", async () => {
  test.skip(!process.env.DATABASE_URL, "more than one server process needs a PostgreSQL server");
  test.setTimeout(120_000);
  const port = 3180 + (Number(process.env.E2E_PORT ?? 3100) % 10);
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: "2", LOG_LEVEL: "info" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Each process logs its pid with "listening".
  const listening = () => [...output.matchAll(/"pid":(\d+)[^\n]*Dealwise is listening/g)].map((match) => Number(match[1]));
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status;

  try {
    await expect.poll(() => listening().length, { timeout: 60_000 }).toBe(2);
    expect(output).toContain("Dealwise runs 2 server processes");
    expect(await ready()).toBe(200);

    const [first, second] = listening();
    process.kill(first, "SIGKILL");
    await expect.poll(() => listening().length, { timeout: 30_000 }).toBe(3);
    expect(output).toContain("a server process exited; starting another");
    expect(listening()).toContain(second);
    expect(await ready()).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/deals/london`)).status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.match(/"msg":"stopped"/g)?.length).toBe(3);
  } finally {
    child.kill("SIGKILL");
  }
});
