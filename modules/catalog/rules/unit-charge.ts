import { discountPercentage } from "../../../lib/money";

/**
 * What one unit of a deal's product is charged: its price (the VIP price when the shopper gets
 * it) plus the product's mandatory admin fee, and the original price it is compared with (the fee
 * included, never below the charge). The deal page's option prices and the basket's lines both
 * come from here, so an option shows what checkout charges (issue 22).
 */
export function unitCharge(
  product: { price: number; originalPrice: number; vipPrice: number | null; adminFee: number },
  atVipPrice: boolean,
): { price: number; originalPrice: number } {
  const price = (atVipPrice && product.vipPrice !== null ? product.vipPrice : product.price) + product.adminFee;
  return { price, originalPrice: Math.max(product.originalPrice + product.adminFee, price) };
}

/**
 * The deal's "from" prices that listings, tiles, search and the headline show: the lead option's
 * unit charge, so a mandatory admin fee is in the first price a shopper sees, not added at checkout.
 */
export function leadPriceColumns(lead: { price: number; originalPrice: number; vipPrice: number | null; adminFee: number }) {
  const { price, originalPrice } = unitCharge(lead, false);
  const vipPrice = lead.vipPrice === null ? null : unitCharge(lead, true).price;
  return {
    price,
    originalPrice,
    vipPrice,
    discountPercentage: discountPercentage(price, originalPrice),
    vipDiscountPercentage: vipPrice === null ? null : discountPercentage(vipPrice, originalPrice),
  };
}
