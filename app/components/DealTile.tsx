import { Link } from "react-router";
import { COMPACT_TILE_IMAGE_SIZES, TILE_IMAGE_SIZES } from "../../lib/deal-pictures/urls";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealBadges } from "./DealBadges";
import { DealPicture } from "./DealPicture";
import { PriceBlock } from "./PriceBlock";
import { WishlistHeart } from "./WishlistHeart";

/** A tile's deal; `page` is the listing page it was loaded from by "load more" (spec §3, added client-side). */
export type ListedDeal = DealTileData & { page?: number };

/** `compact`: the narrow tiles of the 4-6 column grid (smaller type and padding). */
export function DealTile({ deal, eager, compact = false }: { deal: ListedDeal; eager: boolean; compact?: boolean }) {
  return (
    <article className="relative flex h-full flex-col rounded-lg bg-white shadow-sm ring-1 ring-gray-200" data-testid="deal-tile" data-deal-id={deal.id} data-page={deal.page}>
      <WishlistHeart dealId={deal.id} headline={deal.headline} />
      {/* No overflow-hidden on the tile: it would cut off the link's focus ring (the picture rounds its own corners). */}
      <Link to={deal.urlPath} className="group flex flex-1 flex-col rounded-lg">
        {deal.image && (
          <DealPicture
            src={deal.image.imageUrl}
            sizes={compact ? COMPACT_TILE_IMAGE_SIZES : TILE_IMAGE_SIZES}
            alt=""
            width={640}
            height={400}
            loading={eager ? "eager" : "lazy"}
            className="aspect-[16/10] w-full rounded-t-lg object-cover"
          />
        )}
        <div className={`flex flex-1 flex-col ${compact ? "gap-2 p-2.5" : "gap-3 p-4"}`}>
          <h2 className={`${compact ? "text-sm" : "text-base"} font-bold leading-snug group-hover:underline`}>{deal.headline}</h2>
          <DealBadges earlyBird={deal.earlyBird} lastChance={deal.lastChance} />
          {deal.soldOut && <p className="text-sm font-bold text-alert">Sold out</p>}
          <PriceBlock facts={deal} size={compact ? "compact" : "tile"} />
        </div>
      </Link>
    </article>
  );
}
