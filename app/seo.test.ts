import { describe, expect, it } from "vitest";
import { DESCRIPTION_LIMIT, seoMeta } from "./seo";

const base = { title: "Spa day", canonical: "https://www.wowcher.co.uk/deal/london/beauty/spa/1" };
const content = (tags: ReturnType<typeof seoMeta>, key: string) =>
  tags.find((tag) => ("name" in tag && tag.name === key) || ("property" in tag && tag.property === key)) as { content: string } | undefined;

describe("seoMeta", () => {
  it("cuts a long description at the last space before the limit with an ellipsis", () => {
    const long = `${"Relax with a full spa day for two ".repeat(8)}at a London hotel`;
    const tags = seoMeta({ ...base, description: long });
    const description = content(tags, "description")!.content;
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    expect(description.endsWith("…")).toBe(true);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(long[description.length - 1]).toBe(" ");
    expect(content(tags, "og:description")!.content).toBe(description);
  });

  it("keeps a short description and defaults robots to INDEX, FOLLOW", () => {
    const tags = seoMeta({ ...base, description: "Save up to 80%" });
    expect(content(tags, "description")!.content).toBe("Save up to 80%");
    expect(content(tags, "robots")!.content).toBe("INDEX, FOLLOW");
  });
});
