import type { ContentKind, DealsFeed } from "../../modules/content/schema";
import { GIFT_STATES } from "../../modules/my-vouchers/gift-states";
import { MARKETING_CREDIT_MAX_PER_ITEM, MARKETING_CREDIT_SHARE_PERCENT } from "../../modules/wallet/plan-wallet-use";
import { VIP_MAX_EXTRA_DISCOUNT_PERCENT, VIP_REMINDER_DAYS, VIP_RENEWAL_BOX_WORDS, VIP_TRIAL_DAYS, VIP_YEARLY_PRICE } from "../../modules/vip/vip-terms";

/** The VIP price without a currency sign: the terms page is shared by the UK and Irish sites (same amount). */
const VIP_YEARLY_PRICE_TEXT = (VIP_YEARLY_PRICE.GBP / 100).toFixed(2);

/**
 * Copy for the static, guide and editorial pages. Text is plain paragraphs separated by blank
 * lines; "## " starts a sub-heading and "- " a list item. {brand} becomes the brand's name.
 */
export interface SeedContentPage {
  slug: string;
  kind: ContentKind;
  displayName: string;
  description: string;
  text: string;
  additionalText?: string;
  dealsFeed?: DealsFeed;
  listicleView?: boolean;
  redirectUrl?: string;
}

export const CONTENT_PAGES: readonly SeedContentPage[] = [
  {
    slug: "aboutus",
    kind: "page",
    displayName: "About us",
    description: "Who we are and how {brand} brings you the best local, shop and travel deals.",
    text: `{brand} finds the best things to do, eat, buy and see, and negotiates big discounts so you can try more for less.

## What we do
We work with thousands of independent restaurants, salons, activity centres, hotels and brands across the UK and Ireland. Every deal is checked by our team before it goes live.

## How it works
- Browse deals in your area, in our shop or for your next trip.
- Buy a voucher at the discounted price.
- Redeem it with the merchant, by the date shown on the voucher.

## Our promise
If something goes wrong, our customer service team is here to help. Unredeemed vouchers are covered by our 14-day no-quibble refund guarantee.`,
  },
  {
    slug: "faqs",
    kind: "page",
    displayName: "Frequently asked questions",
    description: "Answers to the questions shoppers ask most about vouchers, delivery, refunds and accounts.",
    text: `## How do I use my voucher?
Your voucher is in My Account under My Vouchers about 24 hours after purchase. Follow the redemption instructions on the voucher: most merchants ask you to book with the voucher code.

## Can I get a refund?
Unredeemed vouchers can be refunded within 14 days of purchase, no quibbles. After that, voucher protection lets you request a refund until 7 days before expiry.

## When will my order arrive?
Shop orders are dispatched by the merchant; delivery times are on the deal page. Tracking usually appears within 48 hours.

## Can I buy a deal as a gift?
Yes: at checkout, open "${GIFT_STATES.GIFT_IT}" under the deal and choose a gift, an e-gift, gift wrap or a gift pack. A voucher you have already bought can be given from My Vouchers with its "${GIFT_STATES.GIFT_IT}" button.

## How do I change my location?
Use the location picker at the top of the page; we remember your choice for a year.`,
  },
  {
    slug: "privacypolicy",
    kind: "page",
    displayName: "Privacy policy",
    description: "How {brand} collects, uses and protects your personal information.",
    text: `This policy explains what personal information we collect when you use {brand}, why we collect it, and the choices you have.

## What we collect
Your name, email address, delivery address and order history when you buy; how you use the site when you browse.

## How we use it
To sell you vouchers and deliver your orders, to send you deals you asked for, to prevent fraud and to improve the site.

## Your rights
You can see, correct or delete your personal information at any time from My Account, or by contacting customer service. You can unsubscribe from marketing emails with the link at the bottom of every email.

## Cookies
We use cookies to keep you signed in, to remember your location and basket, and to understand how the site is used.`,
  },
  {
    slug: "termsofuse",
    kind: "page",
    displayName: "Terms of use",
    description: "The terms that apply when you use the {brand} website and apps.",
    text: `By using {brand} you agree to these terms. Please read them carefully.

## Using the site
You must be 18 or over to buy. Keep your account details safe; you are responsible for activity on your account.

## Vouchers
Each voucher is subject to the deal's fine print and the merchant's terms. Vouchers cannot be exchanged for cash except as our refund policy allows.

## Content
Deal descriptions are provided with our merchants. We check them carefully but cannot guarantee they are free of errors.`,
  },
  {
    slug: "e-commerceterms",
    kind: "page",
    displayName: "E-commerce terms",
    description: "Terms of sale for products bought from {brand}.",
    text: `These terms apply to every purchase made on {brand}.

## Prices
Prices include VAT. Delivery charges are shown before you pay.

## Cancellations
You may cancel an order for physical goods within 14 days of delivery. Return the item unused in its original packaging.

## Faulty goods
If an item arrives faulty or damaged, contact us within 30 days and we will arrange a replacement or refund.`,
  },
  {
    slug: "internetsafety",
    kind: "page",
    displayName: "Internet safety",
    description: "How to shop safely online and recognise scam emails that pretend to come from {brand}.",
    text: `We will never ask for your password or full card number by email or phone.

## Spotting a scam
- Check the sender's address carefully.
- Do not click links in unexpected emails; type our address into your browser instead.
- Be wary of deals that look too good to be true on sites that are not ours.

If you receive a suspicious email that uses our name, forward it to our customer service team.`,
  },
  {
    slug: "takedown",
    kind: "page",
    displayName: "Notice and takedown",
    description: "How to report content on {brand} that you believe is unlawful.",
    text: `If you believe content on {brand} infringes your rights or is unlawful, tell us which page, what the content is and why, and how to contact you.

We review every notice and remove content that breaches the law or our policies.`,
  },
  {
    slug: "productrecalls",
    kind: "page",
    displayName: "Product recalls",
    description: "Safety recalls for products sold on {brand}.",
    text: `When a merchant or regulator recalls a product sold on {brand}, we contact every customer who bought it and list the recall here.

There are no active product recalls at the moment.`,
  },
  {
    slug: "giftcardterms",
    kind: "page",
    displayName: "Gift card terms",
    description: "Terms for {brand} gift cards.",
    text: `Gift cards can be redeemed for wallet credit in My Account and spent on any deal.

Gift cards expire 6 months after purchase if not redeemed. They cannot be exchanged for cash.`,
  },
  {
    slug: "wallettermsofuse",
    kind: "page",
    displayName: "Wallet terms of use",
    description: "How wallet credit works on {brand}.",
    text: `Your wallet holds credit from refunds, gift cards and promotions. Credit is applied at checkout automatically when you choose to use it.

Wallet credit expires 12 months after it is added unless the promotion says otherwise.`,
  },
  {
    slug: "wallet-credit-more-info",
    kind: "page",
    displayName: "About wallet credit",
    description: "Where wallet credit comes from and how to spend it.",
    text: `Wallet credit can come from a refund, a redeemed gift card, a referral or a promotion.

Marketing credit is limited to ${MARKETING_CREDIT_SHARE_PERCENT}% of an eligible basket item, up to ${MARKETING_CREDIT_MAX_PER_ITEM / 100} per item.`,
  },
  {
    slug: "student-discount",
    kind: "page",
    displayName: "Student discount",
    description: "Extra savings for students on {brand}.",
    text: `Students get an extra discount on selected deals. Verify your student status in My Account to unlock it.`,
  },
  {
    slug: "regulated-finance-complaints.html",
    kind: "page",
    displayName: "Regulated finance complaints",
    description: "How to complain about a credit product offered at checkout.",
    text: `If you are unhappy with a credit product offered at our checkout, contact the credit provider first. If you are still unhappy you can refer your complaint to the Financial Ombudsman Service.`,
  },
  {
    slug: "regulated-finance-disclosure.html",
    kind: "page",
    displayName: "Regulated finance disclosure",
    description: "Information about the credit providers offered at checkout.",
    text: `We act as a credit broker, not a lender, and offer credit from a limited number of providers. PayPal Credit: 0% for 4 months, representative APR 23.9% (variable), credit limit 1,200.`,
  },
  {
    slug: "admin-fee",
    kind: "page",
    displayName: "Admin fee",
    description: "Why some travel deals carry an admin fee.",
    text: `Some travel deals carry a small admin fee per booking, shown on the deal page and at checkout before you pay. It covers booking management with the hotel or operator.`,
  },
  {
    slug: "vip-terms-and-conditions",
    kind: "page",
    displayName: "VIP terms and conditions",
    description: "Terms of the {brand} VIP membership.",
    text: `VIP membership costs ${VIP_YEARLY_PRICE_TEXT} a year (pounds on our UK sites, euro on our Irish ones) and gives members VIP prices of up to ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}% off the deal price on deals that show one, VIP-only options, early access and priority customer service.

## Renewal
A VIP year bought at checkout renews only if you tick "${VIP_RENEWAL_BOX_WORDS}" when you pay by card; otherwise it simply ends. A free trial of ${VIP_TRIAL_DAYS} days becomes a paid year when it ends unless you cancel renewal.

When your membership renews, we email you a reminder ${VIP_REMINDER_DAYS} days before, and you can cancel renewal at any time in one click from My Subscriptions.`,
  },
  {
    slug: "klarna-faqs",
    kind: "page",
    displayName: "Klarna FAQs",
    description: "Paying with Klarna on {brand}.",
    text: `Klarna lets you spread the cost of your order. You must be 18 or over. Klarna runs a credit check when you choose it at checkout.`,
  },
  {
    slug: "businessfaq",
    kind: "page",
    displayName: "Become a merchant",
    description: "Grow your business with {brand}: reach millions of local shoppers.",
    text: `Partner with {brand} to bring new customers through your door. We promote your business to millions of subscribers, and you only pay when you sell.

## How it works
- Tell us about your business and the offer you have in mind.
- Our team writes and designs your deal with you.
- Customers buy vouchers; you redeem them and we pay you.`,
  },
  {
    slug: "guides/hub",
    kind: "guide",
    displayName: "Guides",
    description: "Our guides to the best deals of the season: holidays, Black Friday and more.",
    text: `Planning a break, shopping the sales or looking for a gift? Our editors have rounded up the best deals for every occasion.`,
    listicleView: true,
  },
  {
    slug: "guides/holiday-deals",
    kind: "guide",
    displayName: "Holiday deals",
    description: "Beach holidays, city breaks and cruises, up to 50% off.",
    text: `Sun, city or sea: these are the holidays our shoppers are booking now, all with up to 50% off.

Book early for the best choice of dates; many hotels release their best rooms first.`,
    additionalText: "Prices are per person based on two sharing unless stated. Flights are included only where the deal says so.",
    dealsFeed: { specialTag: "holiday-deals", pageSize: 12 },
    listicleView: true,
  },
  {
    slug: "guides/black-friday-deals",
    kind: "guide",
    displayName: "Black Friday deals",
    description: "Our biggest discounts of the year: every deal at least half price.",
    text: `Black Friday is here. Every deal below is at least half price, across local treats, shop and travel.`,
    dealsFeed: { specialTag: "black-friday", pageSize: 12 },
    listicleView: true,
  },
  {
    slug: "discountcodes",
    kind: "editorial",
    displayName: "Discount codes",
    description: "The latest {brand} discount codes and offers.",
    text: `Got a discount code? Sign in at checkout and type it into the "Promo code" box: we check it there and show what it takes off before you pay. Codes we are running now appear on our banners and in our emails.

## Ways to save more
- Join VIP for an extra discount on selected deals.
- Refer a friend and earn credit when they buy.
- Sign up to our emails for flash sales.`,
    dealsFeed: { specialTag: "under-20", pageSize: 9 },
  },
  {
    slug: "editorial-team",
    kind: "editorial",
    displayName: "Our editorial team",
    description: "Meet the editors who find, check and write about the deals on {brand}.",
    text: `Our editorial team tests restaurants, spas and hotels, reviews products and writes our guides, so you can buy with confidence.

## How we choose deals
Every merchant is checked before their deal goes live, and we read every review our shoppers leave.

## Our editors
- Sophie, travel editor: has reviewed more than 200 hotels.
- James, shop editor: tests gadgets and homeware.
- Aoife, Ireland editor: finds the best of Dublin and beyond.`,
  },
  {
    slug: "gifts",
    kind: "editorial",
    displayName: "Gifts",
    description: "Gift ideas for everyone: experiences, pampering and presents, all discounted.",
    text: `Find the perfect present, from experience days to personalised gifts. Every deal can be sent as an e-gift.`,
  },
];
