import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStorageKey, type FileStorage, localDiskStorage } from "./file-storage";

let dir: string;
let storage: FileStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dealwise-files-"));
  storage = localDiskStorage(dir);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("local disk storage", () => {
  it("keeps, returns and removes a file by key", async () => {
    const bytes = new TextEncoder().encode("<svg/>");
    await storage.put("deals/42/main.svg", bytes, "image/svg+xml");
    expect(await storage.get("deals/42/main.svg")).toEqual(bytes);
    expect(await readdir(join(dir, "deals/42"))).toEqual(["main.svg"]);

    await storage.put("deals/42/main.svg", new Uint8Array([1, 2, 3]));
    expect(await storage.get("deals/42/main.svg")).toEqual(new Uint8Array([1, 2, 3]));

    await storage.delete("deals/42/main.svg");
    expect(await storage.get("deals/42/main.svg")).toBeNull();
    await expect(storage.delete("deals/42/main.svg")).resolves.toBeUndefined();
  });

  it("answers null for a key never stored", async () => {
    expect(await storage.get("deals/7/none.jpg")).toBeNull();
  });

  it("refuses keys that would leave its directory", async () => {
    for (const key of ["../outside.txt", "/etc/passwd", "deals//x", "deals/./x", "a\\b", ""]) {
      expect(() => checkStorageKey(key)).toThrow(/invalid storage key/);
    }
    await expect(storage.put("../outside.txt", new Uint8Array([1]))).rejects.toThrow(/invalid storage key/);
  });
});
