/** The web app manifest per brand (spec: the page metadata carries a manifest): its name and colours. */
import type { Brand } from "../../lib/brand";

/** The brand colours of app/styles/app.css ([data-theme]), for the browser's UI around the app. */
const THEME_COLOURS: Record<string, string> = { wowcher: "#d6004a", livingsocial: "#0066a8" };

export function webManifest(brand: Pick<Brand, "id" | "displayName" | "countryCode" | "theme">) {
  const irish = brand.countryCode === "IE";
  return {
    id: `/?app=${brand.id}`,
    name: irish ? `${brand.displayName} Ireland` : brand.displayName,
    short_name: brand.displayName,
    description: `${brand.displayName}: local deals, shopping and travel, up to 80% off`,
    lang: irish ? "en-IE" : "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOURS[brand.theme] ?? THEME_COLOURS.wowcher,
    icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
  };
}
