import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "list" : "line",
  // A ceiling, not a wait: a whole journey (two purchases, a dozen sign-ins) on a 2-core machine
  // running two browsers, the server and PostgreSQL can pass 30 s; each step still waits only for
  // what it needs.
  timeout: 60_000,
  // What a person waits for after pressing a button: the next page. A form post (checkout, payment)
  // can take longer than Playwright's default 5 s while two browsers, the server, PostgreSQL and the
  // HTML checker share two cores; an expectation still ends the moment it holds.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    // Journeys start as returning visitors: offered sign-in already (the `brand` cookie) and shown the
    // marketing lightbox (`mkt_lightbox`), so no modal covers their first page. app-shell.spec.ts and
    // the sign-in prompt's journey start without them.
    storageState: {
      cookies: ["brand", "mkt_lightbox"].map((name) => ({ name, value: "1", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" as const })),
      origins: [],
    },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // The machine has no outside network: keep Chromium from trying to reach Google's services.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx tests/e2e/start-server.ts",
    url: `http://localhost:${PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT) },
  },
});
