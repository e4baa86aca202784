import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { AwsClient } from "aws4fetch";

/** Where uploaded files (deal pictures) are kept, by key such as `deals/42/main.jpg`. */
export interface FileStorage {
  readonly name: string;
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of plain segments: no `..`, no leading slash, no backslashes. */
export function checkStorageKey(key: string): string {
  const segments = key.split("/");
  if (key.length === 0 || key.length > 512 || !/^[A-Za-z0-9._/-]+$/.test(key) || segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Files under a directory of this machine (the default: DATA_DIR's sibling `data/files`). */
export function localDiskStorage(dir: string): FileStorage {
  const pathOf = (key: string) => join(dir, checkStorageKey(key));
  return {
    name: "local-disk",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** The service's origin, e.g. https://s3.eu-west-2.amazonaws.com or https://<account>.r2.cloudflarestorage.com. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), path-style URLs, signed with SigV4 (aws4fetch). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3" });
  const base = settings.endpoint.replace(/\/+$/, "");
  const urlOf = (key: string) => `${base}/${encodeURIComponent(settings.bucket)}/${checkStorageKey(key).split("/").map(encodeURIComponent).join("/")}`;
  const fail = async (action: string, key: string, response: Response) => {
    throw new Error(`S3 ${action} ${key} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
  return {
    name: "s3",
    async put(key, body, contentType = "application/octet-stream") {
      const response = await client.fetch(urlOf(key), { method: "PUT", body: body as Uint8Array<ArrayBuffer>, headers: { "content-type": contentType } });
      if (!response.ok) await fail("PUT", key, response);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: "GET" });
      if (response.status === 404) return null;
      if (!response.ok) await fail("GET", key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail("DELETE", key, response);
    },
  };
}
