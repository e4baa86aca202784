import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Audits that lost points, so a missed budget says what to fix. */
  failedAudits: string[];
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// No outside network on this machine: keep Chromium from trying to reach Google's services.
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

/** Lighthouse with its default mobile emulation and throttling, one fresh Chromium per page. */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
    const failedAudits = Object.values(result.lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
      .map((audit) => audit.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      failedAudits,
    };
  } finally {
    await chrome.kill();
  }
}
