import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{lib,db,seed,modules,server,app,scripts}/**/*.test.{ts,tsx}", "tests/pages/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which left
    // a core idle while a test file waited on its database.
    maxWorkers: 2,
    // Migrates one database copy that every test file starts from (tests/support/migrated-template.ts).
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
