import { flightSeatStock } from "./kinds/flight-seats";
import { nightStock } from "./kinds/nights";
import { productStock } from "./kinds/product-stock";
import type { StockKind } from "./stock-kind";

/**
 * Every kind of stock a sale moves, in the order each sale takes them (so two sales lock rows in
 * one order): the products' stock counters (catalog's), the nights of dated products, the seats
 * of flights. Sold with sellUnits (./sell.ts), given back with returnUnit (./give-back.ts).
 */
export const STOCK_KINDS: readonly StockKind[] = [productStock, nightStock, flightSeatStock];
