import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/** Every axe finding on the page as it is now (any impact), as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** A page's served HTML, as the W3C Nu HTML checker will read it. */
export interface ServedDocument {
  /** What the page is (its URL path), to name it in the findings. */
  name: string;
  html: string;
}

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Runs the W3C Nu HTML checker (vnu-jar, needs `java`) ONCE over all the documents: each is saved
 * to a temporary directory, the checker reads the directory. Answers its errors as
 * "<page>: <message> [<extract>]" lines (warnings are not errors and are left out).
 */
export async function nuErrors(documents: readonly ServedDocument[]): Promise<string[]> {
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  const dir = mkdtempSync(join(tmpdir(), "dealwise-nu-"));
  const names = new Map<string, string>();
  try {
    documents.forEach((document, index) => {
      const file = `page-${String(index).padStart(3, "0")}.html`;
      names.set(file, document.name);
      writeFileSync(join(dir, file), document.html);
    });
    const output = await new Promise<string>((resolve, reject) => {
      // The checker exits 1 when it finds errors; it prints its JSON report on stderr.
      execFile("java", ["-jar", jar, "--errors-only", "--format", "json", dir], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        const report = stderr.trim() || stdout.trim();
        if (report.startsWith("{")) resolve(report);
        else reject(new Error(`the Nu HTML checker did not run (is java installed?): ${error?.message ?? ""} ${report}`));
      });
    });
    const messages = (JSON.parse(output) as { messages: NuMessage[] }).messages;
    return messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map((message) => {
        const file = message.url?.split("/").pop() ?? "?";
        const extract = message.extract ? ` [${message.extract.replace(/\s+/g, " ").slice(0, 160)}]` : "";
        return `${names.get(file) ?? file}: ${message.message}${extract}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
