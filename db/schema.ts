// Every module's tables, gathered for drizzle-kit and the typed client. Modules own their tables.
export * from "../modules/catalog/schema";
export * from "../modules/basket/schema";
export * from "../modules/orders/schema";
export * from "../modules/payments/schema";
export * from "../modules/payments/sandbox/schema";
export * from "../modules/vouchers/schema";
export * from "../modules/wallet/schema";
export * from "../modules/promotions/schema";
export * from "../modules/security/schema";
export * from "../modules/mail/schema";
export * from "../modules/accounts/schema";
export * from "../modules/wishlist/schema";
export * from "../modules/recently-viewed/schema";
export * from "../modules/search/schema";
export * from "../modules/sponsored/schema";
export * from "../modules/tracking/schema";
export * from "../modules/content/schema";
