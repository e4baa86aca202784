/** Tells a shared cache in front (Varnish, a CDN) to drop what it keeps under some cache tags. */
export interface CachePurger {
  readonly name: string;
  purge(tags: readonly string[]): Promise<void>;
}

/** No shared cache in front: nothing to purge (the default). */
export const noCachePurger: CachePurger = {
  name: "none",
  async purge() {},
};

/**
 * Varnish with the xkey vmod: one `PURGE` request to the configured URL carrying the tags,
 * space-separated, in an `xkey-purge` header (the VCL hands it to `xkey.purge()`).
 */
export function varnishXkeyPurger(url: string): CachePurger {
  return {
    name: "varnish-xkey",
    async purge(tags) {
      const unique = [...new Set(tags.filter((tag) => tag.length > 0))];
      if (unique.length === 0) return;
      const response = await fetch(url, { method: "PURGE", headers: { "xkey-purge": unique.join(" ") } });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`cache purge at ${url} answered ${response.status}`);
    },
  };
}
