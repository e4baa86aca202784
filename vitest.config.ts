import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{lib,db,modules,server,app,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
