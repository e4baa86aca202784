/**
 * What shoppers type into the search box, as a fixed list so runs compare: category words,
 * places, multi-word phrases, typos and half-typed words, on the demo catalogue's vocabulary.
 */
const WORDS = [
  "spa", "spa day", "massage", "hot stone massage", "facial", "nails", "gel manicure", "hair", "balayage", "highlights",
  "restaurant", "steak", "steak dinner", "afternoon tea", "prosecco afternoon tea", "brunch", "bottomless brunch",
  "cocktails", "cocktail masterclass", "gin tasting", "wine tasting", "tapas", "thai", "sunday roast", "pizza", "curry",
  "takeaway", "burger", "chinese", "seafood", "gym", "yoga", "pilates", "personal training", "teeth whitening", "dental",
  "health check", "escape room", "driving experience", "supercar", "go karting", "axe throwing", "theatre", "comedy",
  "cinema", "live music", "headphones", "bluetooth speaker", "smart watch", "tablet", "air fryer", "coffee machine",
  "robot vacuum", "dress", "trainers", "jewellery", "necklace", "watch", "handbag", "bedding", "duvet", "mattress",
  "sofa", "garden furniture", "kitchenware", "knife set", "perfume", "fragrance", "skincare", "hair dryer", "vitamins",
  "toys", "lego", "board game", "puzzle", "baby", "personalised gift", "gift set", "hotel", "spa break", "city break",
  "coastal break", "countryside", "cotswolds", "lake district", "cornwall", "all inclusive", "tenerife", "paris",
  "rome", "barcelona", "cruise", "holiday", "safari", "beach holiday", "flights", "glamping", "castle", "luxury",
  "for two", "with dinner", "with prosecco", "two night", "family", "kids", "vip", "treatment", "lunch", "champagne",
  "sushi", "indian", "italian", "mexican", "bbq", "vegan", "pedicure", "eyelash", "laser", "photoshoot", "golf", "boxing",
];
const PLACES = [
  "london", "manchester", "birmingham", "leeds", "liverpool", "glasgow", "edinburgh", "bristol", "cardiff", "newcastle",
  "sheffield", "nottingham", "brighton", "oxford", "cambridge", "bath", "york", "soho", "shoreditch", "camden",
];
const COMBINATIONS = [
  "spa london", "afternoon tea manchester", "steak dinner for two", "massage for two", "spa day with lunch",
  "hotel break with dinner", "brunch leeds", "cocktails glasgow", "facial edinburgh", "gym membership bristol",
  "spa day for two", "italian dinner", "spa break with treatments", "afternoon tea with champagne", "yoga class pass",
  "escape room for four", "wine tasting with cheese", "two night spa break", "tapas with sangria", "thai banquet",
];
const TYPOS = [
  "resturant", "spaa", "masage", "afternon tea", "brunh", "cocktials", "hedphones", "jewelery", "furnitur", "manchster",
  "birmingam", "edinbrugh", "liverpol", "restarant", "faical", "pilatis", "yogga", "theater", "champaign", "proseco",
  "steack", "hotle", "crusie", "tenerif", "barcelonna",
];
const PARTIALS = [
  "manch", "birm", "edinb", "rest", "mass", "afterno", "headph", "brun", "cockt", "spa d", "glasg", "newc", "trea",
  "lux", "pers", "hot st", "prose", "bottoml", "gin t", "escap",
];

export const SEARCH_QUERIES: readonly string[] = [...WORDS, ...PLACES, ...COMBINATIONS, ...TYPOS, ...PARTIALS];

/** What the box holds as each query is typed: 2, 3, 5 letters and the whole of it. */
export const SUGGEST_QUERIES: readonly string[] = [
  ...new Set(
    SEARCH_QUERIES.flatMap((query) => [query.slice(0, 2), query.slice(0, 3), query.slice(0, 5), query]).filter((q) => q.trim().length >= 2),
  ),
];

/** The chosen location of each search: the big cities most often, like the traffic. */
export const SEARCH_LOCATIONS = ["london", "london", "london", "manchester", "birmingham", "glasgow", "leeds", "bristol"] as const;
