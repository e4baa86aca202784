import { webManifest } from "../shell/web-manifest";
import type { Route } from "./+types/manifest";

/** /manifest.webmanifest for the brand the host names (linked from every page's head). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(webManifest(context.brand)), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
