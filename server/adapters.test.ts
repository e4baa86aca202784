import { describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config";
import { buildAdapters } from "./adapters";

describe("buildAdapters", () => {
  it("builds the defaults: sandbox gateway, development mailbox, local disk, no purge", () => {
    const adapters = buildAdapters(loadConfig({}));
    expect([adapters.mail?.name, adapters.storage.name, adapters.purger.name]).toEqual(["dev-mailbox", "local-disk", "none"]);
    expect(typeof adapters.paymentProvider).toBe("function");
  });

  it("builds what the configuration names: SMTP, an S3 bucket, a Varnish purge", () => {
    const adapters = buildAdapters(
      loadConfig({
        SMTP_URL: "smtp://127.0.0.1:2525",
        S3_BUCKET: "pictures",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        CACHE_PURGE_URL: "http://127.0.0.1:6081/",
      }),
    );
    expect([adapters.mail?.name, adapters.storage.name, adapters.purger.name]).toEqual(["smtp", "s3", "varnish-xkey"]);
  });

  it("has no mail transport in production without SMTP (mail waits in the outbox)", () => {
    expect(buildAdapters(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/d" })).mail).toBeNull();
  });
});
