import { isRedemptionType, renderRedemptionImage } from "../../modules/catalog/rules/redemption";
import type { Route } from "./+types/redemption-image";

/** /img/redemption/{type}.svg: the redemption how-to picture per deal type. */
export function loader({ params }: Route.LoaderArgs) {
  const type = /^([a-z-]+)\.svg$/.exec(params.file)?.[1] ?? "";
  if (!isRedemptionType(type)) return new Response("Page not found", { status: 404 });
  return new Response(renderRedemptionImage(type), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
  });
}
