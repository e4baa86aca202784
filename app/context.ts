import type { BrandId } from "../lib/brand";
import type { MapTiles } from "../lib/config";
import type { BuyingSettings } from "../server/buying/buying-context";
import type { RequestServices } from "../server/context";

// Page loaders and actions receive the same per-request services as the API routes, plus the
// buying settings (reservation time, payment methods switched on) the basket and checkout pages need.
declare module "react-router" {
  interface AppLoadContext extends RequestServices {
    buying: BuyingSettings;
    /** The map view's configured tiles (MAP_TILE_URL); null: the offline basemap. */
    mapTiles: MapTiles | null;
    /** The key merchants' bank details are sealed with (BANK_DETAILS_KEY; null only where the server refuses to start); never sent to a browser. */
    bankDetailsKey: Buffer | null;
    /** Goodwill credits above this (minor units; GOODWILL_APPROVAL_ABOVE) wait for a customer-service lead's approval. */
    goodwillApprovalAbove: number;
    /** When the weekly merchant payout run closes (PAYOUT_CUTOFF, "Wednesday 14:00", UK time). */
    payoutCutoff: string;
    /** This response's Content-Security-Policy nonce for inline scripts. */
    nonce: string;
    /** In demo mode (DEMO=on) pages show a banner saying so, with the mailbox link when it is on. */
    demo: { mailbox: boolean } | null;
    /**
     * Each brand's public origin (server/public-origin.ts), for links in emails to a shopper of
     * another brand than the page's (the merchant portal serves the merchant's shoppers of every brand).
     */
    brandOrigin(brand: BrandId): string;
  }
}

export {};
