import { InsufficientStockError, recordReturn, recordSale } from "../../catalog/stock";
import { SoldOutError, type StockKind } from "../stock-kind";

/** A product has fewer units left than were sold. */
export class ProductSoldOutError extends SoldOutError {
  constructor(
    readonly productId: number,
    message: string,
  ) {
    super("product stock", message);
  }
}

/**
 * The products' stock counters (catalog's products and deals: units left, sold-out flags, units
 * bought), moved by catalog's own functions (../../catalog/stock.ts), which lock in product order.
 */
export const productStock: StockKind = {
  name: "product stock",
  async sell(tx, lines) {
    try {
      // recordSale refuses a sale of no units.
      await recordSale(tx, lines.map((line) => ({ productId: line.productId, units: line.units })));
    } catch (error) {
      if (error instanceof InsufficientStockError) throw new ProductSoldOutError(error.productId, error.message);
      throw error;
    }
  },
  async giveBack(tx, lines) {
    for (const line of lines) for (let unit = 0; unit < line.units; unit++) await recordReturn(tx, line.productId);
  },
};
