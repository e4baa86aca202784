import type { Currency } from "../../lib/money";
import type { PriceFacts } from "./rules/price-display";
import type { DealImage } from "./schema";

/** What a listing tile needs to show a deal; listings select only these columns. */
export interface DealTile extends PriceFacts {
  id: number;
  headline: string;
  urlPath: string;
  currency: Currency;
  price: number;
  originalPrice: number;
  discountPercentage: number;
  showPrice: boolean;
  priceText: string | null;
  image: DealImage | null;
  soldOut: boolean;
  /** The deal's flags (deals.early_bird, deals.last_chance): the tile's badges say only what these say. */
  earlyBird: boolean;
  lastChance: boolean;
}
