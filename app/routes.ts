import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("activate-password", "routes/activate-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("account-deleted", "routes/account-deleted.tsx"),
  route("myaccount", "routes/myaccount/layout.tsx", [
    index("routes/myaccount/index.tsx"),
    route("profile", "routes/myaccount/profile.tsx"),
    route("password", "routes/myaccount/password.tsx"),
    route("delete", "routes/myaccount/delete.tsx"),
    route("vouchers", "routes/myaccount/vouchers.tsx"),
    route("vouchers/:id", "routes/myaccount/vouchers.$id.tsx"),
    route("vouchers/:id/return", "routes/myaccount/vouchers.$id.return.tsx"),
    route("returns", "routes/myaccount/returns.tsx"),
    route("wallet", "routes/myaccount/wallet.tsx"),
    // The Club: points, level, activity and the exchange for wallet credit.
    route("rewards", "routes/myaccount/rewards.tsx"),
    // My Subscriptions: the VIP membership (cancel renewal in one click) and the newsletter.
    route("subscriptions", "routes/myaccount/subscriptions.tsx"),
    // A voucher's refund, exchange for credit and extension (Deal Protection).
    route("vouchers/:id/refund", "routes/myaccount/vouchers.$id.refund.tsx"),
    route("vouchers/:id/credit", "routes/myaccount/vouchers.$id.credit.tsx"),
    route("vouchers/:id/extend", "routes/myaccount/vouchers.$id.extend.tsx"),
    route("vouchers/:id/gift", "routes/myaccount/vouchers.$id.gift.tsx"),
    // Refer a friend: the invitation link, share buttons, friends and rewards.
    route("refer-a-friend", "routes/myaccount/refer-a-friend.tsx"),
    // My Rewards (VIP only; others are told how to join).
    route("vip-rewards", "routes/myaccount/vip-rewards.tsx"),
  ]),
  route("wishlist", "routes/wishlist.tsx"),
  // Claiming a gift with its gift code (account menu "Claim a Gift").
  route("mygift", "routes/mygift.tsx"),
  // A friend's invitation link (refer a friend): sign up through it.
  route("refer/:code", "routes/refer.$code.tsx"),
  // Buying: Buy now, checkout, order confirmation, printable vouchers.
  route("checkout", "routes/checkout-start.tsx"),
  route("checkout/:basketToken", "routes/checkout.tsx"),
  route("checkout/:basketToken/payment-return", "routes/checkout-payment-return.tsx"),
  route("order-confirmation/:orderId", "routes/order-confirmation.tsx"),
  route("deal/print-voucher", "routes/print-voucher.tsx"),
  route("voucher", "routes/legacy-voucher.tsx"),
  route("recently-viewed", "routes/recently-viewed.tsx"),
  // Home rails' View all pages (Recently Viewed is the one above).
  route("buy-again", "routes/buy-again.tsx"),
  route("early-bird", "routes/early-bird.tsx"),
  route("recommended-for-you", "routes/recommended-for-you.tsx"),
  // Gift cards: buy one (a basket line), print one bought to hand over, redeem one into the wallet.
  route("giftcard", "routes/giftcard.tsx"),
  route("giftcard/print/:id", "routes/giftcard.print.$id.tsx"),
  route("giftcard/redeem", "routes/giftcard.redeem.tsx"),
  // The merchant portal: its own sign-in, then redemption, sales, statements, dispatch and returns.
  route("merchant/login", "routes/merchant/login.tsx"),
  route("merchant/logout", "routes/merchant/logout.tsx"),
  route("merchant/invitation/:token", "routes/merchant/invitation.tsx"),
  route("merchant/statement.csv", "routes/merchant/statement-csv.tsx"),
  route("merchant", "routes/merchant/layout.tsx", [
    index("routes/merchant/index.tsx"),
    route("redemptions", "routes/merchant/redemptions.tsx"),
    route("sales", "routes/merchant/sales.tsx"),
    route("statement", "routes/merchant/statement.tsx"),
    route("dispatch", "routes/merchant/dispatch.tsx"),
    route("returns", "routes/merchant/returns.tsx"),
    route("bookings", "routes/merchant/bookings.tsx"),
  ]),
  // The back office: its own sign-in (password, then authenticator), invitations, then staff and audit.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/second-factor", "routes/admin/second-factor.tsx"),
  route("admin/enrol", "routes/admin/enrol.tsx"),
  route("admin/invitation/:token", "routes/admin/invitation.tsx"),
  route("admin/audit.csv", "routes/admin/audit-csv.tsx"),
  route("admin/deals.csv", "routes/admin/deals-csv.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("deals", "routes/admin/deals.tsx"),
    route("deals/:id", "routes/admin/deal.tsx"),
    route("deals/:id/photos", "routes/admin/deal-photos.tsx"),
    route("merchants", "routes/admin/merchants.tsx"),
    route("merchants/:id", "routes/admin/merchant.tsx"),
  ]),
  // VIP: joining from the VIP hub, and the cash-refund form reached from its emailed invitation.
  route("vip/join", "routes/vip-join.tsx"),
  route("vip-refund", "routes/vip-refund.tsx"),
  route("search", "routes/search.tsx"),
  // Browsing: listings, deal pages, content, SEO files.
  route("deals/*", "routes/listing.tsx", { id: "listing-deals" }),
  route("near-me/*", "routes/near-me.tsx", { id: "listing-near-me" }),
  route(":x/:location/special/:slug", "routes/listing.tsx", { id: "listing-special" }),
  route("email-deals/:location", "routes/email-deals.tsx"),
  // Gift finder: {location}/gift-finder[/gifts-for-{recipient}], Irish /deal/{location}/gift-finder.
  route(":location/gift-finder/:recipient?", "routes/gift-finder.tsx", { id: "gift-finder" }),
  route("deal/:location/gift-finder/:recipient?", "routes/gift-finder.tsx", { id: "gift-finder-deal" }),
  route("deal/*", "routes/deal.tsx", { id: "deal" }),
  route("email-deal/*", "routes/deal.tsx", { id: "email-deal" }),
  route("deal-preview/:token", "routes/deal-preview.tsx"),
  route("page/:slug", "routes/content-page.tsx", { id: "content-page" }),
  route("guides/:guide", "routes/content-page.tsx", { id: "content-guide" }),
  route("discountcodes", "routes/content-page.tsx", { id: "content-discountcodes" }),
  route("editorial-team", "routes/content-page.tsx", { id: "content-editorial-team" }),
  route("gifts", "routes/gifts.tsx"),
  route("location", "routes/location.tsx"),
  // Deals of a location as pins on a map of the UK and Ireland, with the list beside it.
  route("map-view", "routes/map-view.tsx"),
  route("map-view/basemap.geojson", "routes/map-view.basemap.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx", { id: "sitemap-index" }),
  route("sitemap/:file", "routes/sitemap.tsx", { id: "sitemap-file" }),
  route("robots.txt", "routes/robots.tsx"),
  // The web app manifest per brand (name, colours), and the paid-campaign landing page (ppc).
  route("manifest.webmanifest", "routes/manifest.tsx"),
  route("welcome", "routes/welcome.tsx"),
  route("img/redemption/:file", "routes/redemption-image.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
