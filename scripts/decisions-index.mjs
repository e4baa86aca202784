// Writes docs/decisions/README.md: one line per decision file (its title and date), grouped by the
// area its file name starts with. Run after adding a decision: `node scripts/decisions-index.mjs`.
// With --check (in `npm test`) it writes nothing and fails when the index is stale or a file lacks Date/Status.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = join(import.meta.dirname, "../docs/decisions");
const files = readdirSync(dir).filter((name) => name.endsWith(".md") && name !== "README.md").sort();
const groups = new Map();
const problems = [];
for (const name of files) {
  const text = readFileSync(join(dir, name), "utf8");
  const title = text.match(/^# (.+)$/m)?.[1] ?? name;
  const date = text.match(/^Date: (.+)$/m)?.[1] ?? "";
  if (!date || !/^Status: /m.test(text)) problems.push(`${name}: needs "Date:" and "Status:" lines under its title`);
  const area = /^\d{4}-/.test(name) ? "early" : name.split("-")[0];
  if (!groups.has(area)) groups.set(area, []);
  groups.get(area).push(`- [${title}](${name}) (${date})`);
}
const out = ["# Decisions", "", "Choices the specification left open, one file each (Date, Status, the choice, why).", "This index is written by `node scripts/decisions-index.mjs`.", ""];
for (const [area, lines] of groups) out.push(`## ${area}`, "", ...lines, "");
const index = join(dir, "README.md");
if (process.argv.includes("--check")) {
  if (!existsSync(index) || readFileSync(index, "utf8") !== out.join("\n")) problems.push("README.md is stale: run node scripts/decisions-index.mjs");
  for (const problem of problems) console.error(`docs/decisions/${problem}`);
  process.exit(problems.length ? 1 : 0);
}
writeFileSync(index, out.join("\n"));
