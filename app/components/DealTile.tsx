import { Link } from "react-router";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { PriceBlock } from "./PriceBlock";
import { WishlistHeart } from "./WishlistHeart";

export function DealTile({ deal, eager }: { deal: DealTileData; eager: boolean }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200" data-testid="deal-tile" data-deal-id={deal.id}>
      <WishlistHeart dealId={deal.id} headline={deal.headline} />
      <Link to={deal.urlPath} className="group flex flex-1 flex-col">
        {deal.image && (
          <img
            src={deal.image.imageUrl}
            alt=""
            width={640}
            height={400}
            loading={eager ? "eager" : "lazy"}
            className="aspect-[16/10] w-full object-cover"
          />
        )}
        <div className="flex flex-1 flex-col gap-3 p-4">
          <h2 className="text-base font-bold leading-snug group-hover:underline">{deal.headline}</h2>
          {deal.soldOut && <p className="text-sm font-bold text-alert">Sold out</p>}
          <PriceBlock facts={deal} size="tile" />
        </div>
      </Link>
    </article>
  );
}
