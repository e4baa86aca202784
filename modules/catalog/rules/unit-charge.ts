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
