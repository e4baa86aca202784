import type { SubCategorySlug } from "./categories";

/** How a deal's products scale; each set knows its own labels and price factors. */
export type SizeSetName = "people" | "players" | "sessions" | "months" | "colours" | "packs" | "clothing" | "bedSizes" | "single";

export interface SizeOption {
  /** Appended to the product's friendly name ("Spa day for two"). */
  label: string;
  /** The word the headline lists ("for One or Two"). */
  headline: string;
  /** Price multiplier relative to the cheapest size. */
  factor: number;
}

export const SIZE_SETS: Record<SizeSetName, readonly SizeOption[]> = {
  people: [
    { label: "for one", headline: "One", factor: 1 },
    { label: "for two", headline: "Two", factor: 1.85 },
    { label: "for four", headline: "Four", factor: 3.4 },
  ],
  players: [
    { label: "for 2 players", headline: "2", factor: 1 },
    { label: "for 4 players", headline: "4", factor: 1.7 },
    { label: "for 6 players", headline: "6", factor: 2.3 },
  ],
  sessions: [
    { label: "1 session", headline: "1", factor: 1 },
    { label: "3 sessions", headline: "3", factor: 2.4 },
    { label: "6 sessions", headline: "6", factor: 4.2 },
  ],
  months: [
    { label: "1 month", headline: "1", factor: 1 },
    { label: "3 months", headline: "3", factor: 2.6 },
    { label: "6 months", headline: "6", factor: 4.6 },
  ],
  colours: [
    { label: "Black", headline: "Black", factor: 1 },
    { label: "White", headline: "White", factor: 1 },
    { label: "Navy", headline: "Navy", factor: 1 },
    { label: "Grey", headline: "Grey", factor: 1 },
    { label: "Rose Gold", headline: "Rose Gold", factor: 1.05 },
    { label: "Red", headline: "Red", factor: 1 },
  ],
  packs: [
    { label: "Single", headline: "1", factor: 1 },
    { label: "Twin pack", headline: "2", factor: 1.8 },
    { label: "Four pack", headline: "4", factor: 3.2 },
  ],
  clothing: [
    { label: "Small", headline: "S", factor: 1 },
    { label: "Medium", headline: "M", factor: 1 },
    { label: "Large", headline: "L", factor: 1 },
    { label: "X-Large", headline: "XL", factor: 1 },
    { label: "XX-Large", headline: "XXL", factor: 1.05 },
  ],
  bedSizes: [
    { label: "Single", headline: "Single", factor: 1 },
    { label: "Double", headline: "Double", factor: 1.3 },
    { label: "King", headline: "King", factor: 1.5 },
    { label: "Super King", headline: "Super King", factor: 1.7 },
  ],
  single: [{ label: "", headline: "", factor: 1 }],
};

export interface SubCategoryWords {
  /** Headline cores in title case; "{place}" is replaced by one of `places`. */
  items: readonly string[];
  /** Product option names; each step up costs more. "" means the deal has no option names. */
  variants: readonly string[];
  sizes: SizeSetName;
  /** Price range of the cheapest option, in pounds (euro prices are derived). */
  price: readonly [number, number];
  /** Endings for merchant names ("The Olive Kitchen"); for travel, the hotel or operator. */
  merchantNouns: readonly string[];
  /** Travel only: destinations, and the stay lengths offered. */
  places?: readonly string[];
  nights?: readonly number[];
  /** What reviewers talk about ("the meal was lovely"). */
  noun: string;
}

/** Word lists per sub-category: the Record type makes a missing sub-category a compile error. */
export const SUB_CATEGORY_WORDS: Record<SubCategorySlug, SubCategoryWords> = {
  // Food & Drink
  restaurants: {
    price: [15, 60],
    items: [
      "3-Course Italian Dining Experience",
      "Steak Dinner with a Glass of Wine",
      "Restaurant Tasting Menu with Prosecco",
      "2-Course Indian Restaurant Meal with Sides",
      "Sunday Roast with Dessert",
      "Thai Banquet Dinner",
      "Seafood Restaurant Meal with Wine",
      "Tapas Feast with Sangria",
    ],
    variants: ["2-course meal", "3-course meal", "3-course meal with wine"],
    sizes: "people",
    merchantNouns: ["Kitchen", "Bistro", "Trattoria", "Brasserie", "Grill", "Tandoori", "Dining Rooms", "Steakhouse", "Restaurant"],
    noun: "meal",
  },
  "afternoon-tea": {
    price: [12, 45],
    items: ["Afternoon Tea", "Prosecco Afternoon Tea", "Gin Afternoon Tea", "Traditional Afternoon Tea with Scones"],
    variants: ["Afternoon tea", "Afternoon tea with Prosecco", "Afternoon tea with Champagne"],
    sizes: "people",
    merchantNouns: ["Tea Rooms", "Hotel", "Tearoom", "Patisserie"],
    noun: "afternoon tea",
  },
  "bottomless-brunch": {
    price: [19, 49],
    items: ["Bottomless Brunch with Prosecco", "Bottomless Brunch with Mimosas", "90-Minute Bottomless Brunch"],
    variants: ["Brunch with bottomless Prosecco", "Brunch with bottomless cocktails"],
    sizes: "people",
    merchantNouns: ["Bar & Kitchen", "Lounge", "Social", "Brunch Club"],
    noun: "brunch",
  },
  takeaway: {
    price: [8, 30],
    items: ["Pizza Takeaway Meal Deal", "Takeaway Curry Feast", "Burger Meal Deal with Sides", "Chinese Takeaway Banquet"],
    variants: ["Meal deal", "Large meal deal"],
    sizes: "people",
    merchantNouns: ["Pizzeria", "Takeaway", "Burger Co", "Noodle Bar"],
    noun: "food",
  },
  cocktails: {
    price: [15, 45],
    items: ["Cocktail Masterclass", "Gin Tasting Experience", "Wine Tasting with Cheese Board", "Cocktail Making Class with Nibbles"],
    variants: ["Class", "Class with sharing platter"],
    sizes: "people",
    merchantNouns: ["Cocktail Bar", "Gin Bar", "Wine Bar", "Bar"],
    noun: "evening",
  },
  // Beauty
  spa: {
    price: [25, 120],
    items: [
      "Spa Day with Treatment and Prosecco",
      "Spa Day with Afternoon Tea",
      "Twilight Spa Experience",
      "Pamper Spa Package with Three Treatments",
      "Luxury Spa Day with Lunch",
    ],
    variants: ["Spa day", "Spa day with 25-minute treatment", "Spa day with two treatments and lunch"],
    sizes: "people",
    merchantNouns: ["Spa", "Day Spa", "Spa & Wellness", "Retreat", "Hotel & Spa"],
    noun: "spa",
  },
  hair: {
    price: [19, 99],
    items: ["Cut, Blow-Dry and Conditioning Treatment", "Full Head of Highlights with Cut and Finish", "Balayage with Cut and Blow-Dry", "Keratin Smoothing Treatment"],
    variants: ["Cut and blow-dry", "Half head of highlights", "Full head of colour"],
    sizes: "single",
    merchantNouns: ["Hair Studio", "Salon", "Hair & Beauty", "Hair Lounge"],
    noun: "haircut",
  },
  nails: {
    price: [12, 39],
    items: ["Gel Manicure", "Gel Manicure and Pedicure", "Shellac Nail Treatment with Hand Massage", "Acrylic Full Set"],
    variants: ["Gel manicure", "Gel pedicure", "Gel manicure and pedicure"],
    sizes: "single",
    merchantNouns: ["Nail Bar", "Nails", "Beauty Lounge"],
    noun: "manicure",
  },
  massage: {
    price: [19, 69],
    items: ["60-Minute Full Body Massage", "Hot Stone Massage", "Aromatherapy Massage", "Deep Tissue Massage with Consultation"],
    variants: ["30-minute massage", "60-minute massage", "90-minute massage"],
    sizes: "people",
    merchantNouns: ["Massage Clinic", "Therapies", "Wellbeing Studio", "Spa"],
    noun: "massage",
  },
  facials: {
    price: [19, 79],
    items: ["Luxury Facial", "Microdermabrasion Facial", "Hydrating Facial Treatment", "Chemical Peel"],
    variants: ["Express facial", "Signature facial"],
    sizes: "sessions",
    merchantNouns: ["Skin Clinic", "Aesthetics", "Beauty Rooms"],
    noun: "facial",
  },
  // Health & Fitness
  fitness: {
    price: [9, 49],
    items: ["Gym Membership", "Bootcamp Fitness Class Pass", "Personal Training Package", "Unlimited Fitness Class Pass"],
    variants: [""],
    sizes: "months",
    merchantNouns: ["Fitness", "Gym", "Health Club", "Athletic Club"],
    noun: "gym",
  },
  "yoga-pilates": {
    price: [9, 49],
    items: ["Yoga Class Pass", "Reformer Pilates Class Pass", "Hot Yoga Class Pass"],
    variants: [""],
    sizes: "sessions",
    merchantNouns: ["Yoga Studio", "Pilates", "Studio"],
    noun: "class",
  },
  dental: {
    price: [29, 149],
    items: ["Teeth Whitening Treatment", "Dental Check-Up with Scale and Polish", "Invisible Braces Consultation"],
    variants: ["Check-up and hygiene clean", "Teeth whitening", "Teeth whitening with check-up"],
    sizes: "single",
    merchantNouns: ["Dental Care", "Dental Clinic", "Smile Studio", "Dentistry"],
    noun: "treatment",
  },
  "health-checks": {
    price: [29, 149],
    items: ["Full Body Health Check", "Private Blood Test Package", "Eye Test and Glasses Voucher", "Hearing Test and Ear Wax Removal"],
    variants: ["Standard check", "Advanced check"],
    sizes: "single",
    merchantNouns: ["Health Clinic", "Medical Centre", "Opticians", "Health"],
    noun: "appointment",
  },
  // Activities
  experiences: {
    price: [19, 150],
    items: ["Hot Air Balloon Ride", "Axe Throwing Experience", "Pottery Class", "Clay Pigeon Shooting Experience", "Indoor Skydiving Experience", "Paintballing Session"],
    variants: ["Standard experience", "Experience with photos"],
    sizes: "people",
    merchantNouns: ["Adventures", "Experiences", "Activity Centre", "Studio"],
    noun: "experience",
  },
  "days-out": {
    price: [8, 35],
    items: ["Zoo Entry Ticket", "Farm Park Day Pass", "Aquarium Entry Ticket", "Trampoline Park Session", "Theme Park Ticket"],
    variants: ["Entry", "Entry with lunch"],
    sizes: "people",
    merchantNouns: ["Park", "Zoo", "Aquarium", "Farm"],
    noun: "day out",
  },
  driving: {
    price: [29, 150],
    items: ["Supercar Driving Experience", "Junior Driving Lesson", "Rally Driving Experience", "Ferrari Thrill Drive"],
    variants: ["3 laps", "6 laps", "9 laps"],
    sizes: "single",
    merchantNouns: ["Motorsport", "Driving Centre", "Circuit", "Racing"],
    noun: "drive",
  },
  "escape-rooms": {
    price: [19, 59],
    items: ["Escape Room Experience", "Horror Escape Room Game", "60-Minute Escape Room Challenge"],
    variants: [""],
    sizes: "players",
    merchantNouns: ["Escape Rooms", "Escape", "Puzzle Rooms"],
    noun: "escape room",
  },
  // Entertainment
  theatre: {
    price: [15, 59],
    items: ["Theatre Ticket to a Hit Musical", "Top-Price Ticket to a Comedy Play", "Ticket to an Award-Winning Show"],
    variants: ["Stalls seat", "Dress circle seat"],
    sizes: "people",
    merchantNouns: ["Theatre", "Playhouse", "Opera House"],
    noun: "show",
  },
  comedy: {
    price: [5, 25],
    items: ["Comedy Club Ticket", "Comedy Night with a Drink", "Stand-Up Comedy Night Ticket"],
    variants: ["Entry", "Entry with pizza"],
    sizes: "people",
    merchantNouns: ["Comedy Club", "Laughter Lounge", "Comedy Cellar"],
    noun: "comedy night",
  },
  cinema: {
    price: [5, 19],
    items: ["Cinema Ticket with Popcorn", "Luxury Recliner Cinema Ticket", "Outdoor Cinema Ticket"],
    variants: ["Standard seat", "Recliner seat"],
    sizes: "people",
    merchantNouns: ["Cinema", "Picturehouse", "Screen"],
    noun: "film",
  },
  "live-music": {
    price: [10, 45],
    items: ["Live Music Night Ticket", "Jazz Club Entry with a Drink", "Tribute Band Concert Ticket"],
    variants: ["Standing ticket", "Seated ticket"],
    sizes: "people",
    merchantNouns: ["Music Hall", "Jazz Club", "Live Lounge"],
    noun: "gig",
  },
  // Electricals
  audio: {
    price: [9, 149],
    items: ["Wireless Bluetooth Speaker", "Pair of Noise-Cancelling Headphones", "Set of True Wireless Earbuds", "Portable Party Speaker"],
    variants: ["Standard", "Pro"],
    sizes: "colours",
    merchantNouns: ["Audio", "Electricals", "Tech"],
    noun: "sound quality",
  },
  "phones-tablets": {
    price: [9, 299],
    items: ["Refurbished Smartphone", "10-Inch Android Tablet", "Fast-Charging Power Bank", "Smartwatch with Fitness Tracker"],
    variants: ["64GB", "128GB", "256GB"],
    sizes: "colours",
    merchantNouns: ["Mobiles", "Tech", "Gadgets"],
    noun: "device",
  },
  "smart-home": {
    price: [14, 199],
    items: ["Video Doorbell", "Smart Plug", "Wi-Fi Security Camera", "Robot Vacuum Cleaner"],
    variants: ["Standard", "Plus"],
    sizes: "packs",
    merchantNouns: ["Smart Living", "Tech", "Home Tech"],
    noun: "gadget",
  },
  "kitchen-appliances": {
    price: [24, 249],
    items: ["5.5L Air Fryer", "Digital Multi-Cooker", "Bean-to-Cup Coffee Machine", "Stand Mixer", "High-Speed Blender"],
    variants: ["Standard", "Deluxe"],
    sizes: "colours",
    merchantNouns: ["Appliances", "Kitchen Direct", "Home Electricals"],
    noun: "appliance",
  },
  // Fashion
  "womens-fashion": {
    price: [9, 59],
    items: ["Women's Oversized Knit Jumper", "Women's Puffer Coat", "Floral Midi Dress", "Women's Wide-Leg Trousers"],
    variants: ["Black", "Khaki", "Cream"],
    sizes: "clothing",
    merchantNouns: ["Boutique", "Fashion", "Clothing Co", "Apparel"],
    noun: "fit",
  },
  "mens-fashion": {
    price: [9, 59],
    items: ["Men's Quilted Gilet", "Pair of Men's Slim-Fit Chinos", "Men's Hooded Parka", "Men's Polo Shirt"],
    variants: ["Navy", "Black", "Olive"],
    sizes: "clothing",
    merchantNouns: ["Menswear", "Clothing Co", "Outfitters"],
    noun: "fit",
  },
  jewellery: {
    price: [5, 49],
    items: ["Sterling Silver Pendant Necklace", "Pair of Crystal Stud Earrings", "Personalised Name Bracelet", "Tennis Bracelet"],
    variants: ["Silver", "Gold", "Rose Gold"],
    sizes: "single",
    merchantNouns: ["Jewellery", "Jewels", "Gems"],
    noun: "jewellery",
  },
  watches: {
    price: [14, 99],
    items: ["Men's Chronograph Watch", "Women's Mesh Strap Watch", "Minimalist Leather Watch"],
    variants: ["Silver", "Gold", "Black"],
    sizes: "single",
    merchantNouns: ["Watches", "Timepieces", "Watch Co"],
    noun: "watch",
  },
  bags: {
    price: [9, 79],
    items: ["Leather Crossbody Bag", "Travel Backpack with USB Port", "Cabin-Size Suitcase", "Faux Leather Tote Bag"],
    variants: ["Black", "Tan", "Navy"],
    sizes: "single",
    merchantNouns: ["Bags", "Luggage", "Accessories"],
    noun: "bag",
  },
  // Home & Garden
  bedding: {
    price: [12, 89],
    items: ["Luxury Duvet Set", "Hotel-Quality Mattress Protector", "Memory Foam Mattress Topper", "Egyptian Cotton Sheet Set"],
    variants: ["White", "Grey", "Charcoal"],
    sizes: "bedSizes",
    merchantNouns: ["Bedding", "Linens", "Sleep Co"],
    noun: "bedding",
  },
  furniture: {
    price: [39, 299],
    items: ["Velvet Accent Chair", "Oak-Effect Dining Table", "Bedside Table Set", "Storage Ottoman Bench"],
    variants: ["Grey", "Oak", "White"],
    sizes: "single",
    merchantNouns: ["Furniture", "Interiors", "Home"],
    noun: "furniture",
  },
  garden: {
    price: [9, 299],
    items: ["Rattan Garden Furniture Set", "Solar Fairy Light String", "Electric Patio Heater", "Raised Garden Planter"],
    variants: ["Standard", "Large"],
    sizes: "packs",
    merchantNouns: ["Garden", "Outdoor Living", "Gardens Direct"],
    noun: "quality",
  },
  kitchenware: {
    price: [12, 99],
    items: ["Non-Stick Pan Set", "Knife Block Set", "Glass Food Storage Set", "Cast Iron Casserole Dish"],
    variants: ["5-piece", "8-piece"],
    sizes: "single",
    merchantNouns: ["Cookware", "Kitchen", "Homeware"],
    noun: "set",
  },
  // Health & Beauty products
  fragrance: {
    price: [14, 79],
    items: ["Designer Eau de Parfum", "Men's Aftershave Gift Set", "Luxury Perfume Mystery Deal"],
    variants: ["50ml", "100ml"],
    sizes: "single",
    merchantNouns: ["Fragrance", "Perfumery", "Scents"],
    noun: "fragrance",
  },
  skincare: {
    price: [5, 39],
    items: ["Vitamin C Serum", "Retinol Night Cream", "Skincare Bundle", "Collagen Eye Mask Set"],
    variants: ["Standard", "Bundle"],
    sizes: "packs",
    merchantNouns: ["Skincare", "Beauty", "Cosmetics"],
    noun: "skincare",
  },
  "hair-tools": {
    price: [12, 89],
    items: ["Set of Ceramic Hair Straighteners", "Hot Air Styling Brush", "Ionic Hair Dryer", "Curling Wand"],
    variants: ["Standard", "Professional"],
    sizes: "colours",
    merchantNouns: ["Hair Tools", "Styling", "Beauty"],
    noun: "styler",
  },
  supplements: {
    price: [3, 29],
    items: ["3-Month Supply of Vitamin D", "Collagen Powder Tub", "Multivitamin Supply", "Omega-3 Fish Oil Supply"],
    variants: [""],
    sizes: "packs",
    merchantNouns: ["Health", "Nutrition", "Vitamins"],
    noun: "supplement",
  },
  // Toys & Kids
  toys: {
    price: [9, 79],
    items: ["Building Blocks Set", "Remote Control Car", "Kids' Craft Kit", "Wooden Play Kitchen"],
    variants: ["Standard", "Deluxe"],
    sizes: "single",
    merchantNouns: ["Toys", "Toy Shop", "Play"],
    noun: "toy",
  },
  "games-puzzles": {
    price: [8, 99],
    items: ["1000-Piece Jigsaw Puzzle", "Family Board Game", "Retro Games Console"],
    variants: [""],
    sizes: "packs",
    merchantNouns: ["Games", "Puzzles", "Toys"],
    noun: "game",
  },
  baby: {
    price: [9, 199],
    items: ["Baby Sleeping Bag", "Travel System Pram", "Baby Monitor with Camera"],
    variants: ["Grey", "Blue", "Pink"],
    sizes: "single",
    merchantNouns: ["Baby", "Nursery", "Little Ones"],
    noun: "quality",
  },
  // Gifts
  personalised: {
    price: [5, 39],
    items: ["Personalised Star Map Print", "Personalised Photo Blanket", "Custom Name Mug", "Personalised Chopping Board"],
    variants: ["Standard", "Large"],
    sizes: "single",
    merchantNouns: ["Gifts", "Prints", "Keepsakes"],
    noun: "gift",
  },
  "gift-sets": {
    price: [12, 59],
    items: ["Luxury Pamper Hamper", "Gin Tasting Gift Set", "Chocolate Gift Box", "Craft Beer Gift Set"],
    variants: [""],
    sizes: "packs",
    merchantNouns: ["Hampers", "Gift Co", "Treats"],
    noun: "gift",
  },
  novelty: {
    price: [3, 25],
    items: ["Mystery Gift Box", "Novelty Desk Gadget", "Retro Sweet Hamper"],
    variants: [""],
    sizes: "single",
    merchantNouns: ["Gifts", "Gadgets", "Novelties"],
    noun: "gift",
  },
  // UK Breaks
  "spa-breaks": {
    price: [69, 250],
    items: ["Spa Break with Treatments and Dinner", "Spa Stay with Breakfast and Bubbly", "Spa Hotel Escape with Prosecco"],
    variants: ["Breakfast", "Dinner, bed and breakfast"],
    sizes: "single",
    merchantNouns: ["Spa Hotel", "Manor House", "Country House Hotel", "Hotel & Spa"],
    places: ["Cotswolds", "Lake District", "Yorkshire", "Cheshire", "Surrey", "Somerset", "Northumberland", "Peak District"],
    nights: [1, 2],
    noun: "break",
  },
  "city-breaks": {
    price: [49, 180],
    items: ["City Break with Breakfast", "Boutique Hotel City Stay with Cocktails"],
    variants: ["Room only", "Breakfast"],
    sizes: "single",
    merchantNouns: ["Hotel", "Boutique Hotel", "Townhouse", "Suites"],
    places: ["York", "Edinburgh", "Bath", "Liverpool", "London", "Manchester", "Glasgow", "Cardiff"],
    nights: [1, 2, 3],
    noun: "stay",
  },
  coastal: {
    price: [49, 199],
    items: ["Coastal Escape with Breakfast and Prosecco", "Seaside Break with Dinner"],
    variants: ["Breakfast", "Dinner, bed and breakfast"],
    sizes: "single",
    merchantNouns: ["Bay Hotel", "Harbour Hotel", "Seaview Hotel", "Inn"],
    places: ["Cornwall", "Devon", "Whitby", "Scarborough", "Pembrokeshire", "Norfolk Coast", "Isle of Wight", "Llandudno"],
    nights: [1, 2, 3],
    noun: "break",
  },
  countryside: {
    price: [59, 220],
    items: ["Countryside Retreat with Breakfast", "Country House Stay with Dinner"],
    variants: ["Breakfast", "Dinner, bed and breakfast"],
    sizes: "single",
    merchantNouns: ["Lodge", "Manor", "Inn", "House Hotel"],
    places: ["Cotswolds", "Lake District", "Peak District", "Yorkshire Dales", "Snowdonia", "Scottish Highlands"],
    nights: [1, 2, 3],
    noun: "stay",
  },
  // Ireland Breaks
  "hotel-breaks": {
    price: [59, 199],
    items: ["Hotel Break with Breakfast and Dinner", "Family Hotel Break with Breakfast"],
    variants: ["Breakfast", "Breakfast and one dinner"],
    sizes: "single",
    merchantNouns: ["Hotel", "Arms Hotel", "Resort"],
    places: ["Kerry", "Killarney", "Galway", "Wexford", "Donegal", "Westport", "Kinsale", "Clare"],
    nights: [1, 2, 3],
    noun: "break",
  },
  "castle-breaks": {
    price: [99, 320],
    items: ["Castle Stay with Breakfast and Dinner", "Luxury Castle Break with Afternoon Tea"],
    variants: ["Breakfast", "Breakfast and dinner"],
    sizes: "single",
    merchantNouns: ["Castle", "Castle Hotel", "Abbey"],
    places: ["Kilkenny", "Limerick", "Mayo", "Wicklow", "Cavan"],
    nights: [1, 2],
    noun: "stay",
  },
  // International
  beach: {
    price: [149, 699],
    items: ["{place} Beach Holiday with Flights", "Sun Holiday in {place} with Flights and Hotel"],
    variants: ["Room only", "Breakfast", "Half board"],
    sizes: "single",
    merchantNouns: ["Holidays", "Travel", "Sun Escapes"],
    places: ["Tenerife", "Lanzarote", "Majorca", "Crete", "Algarve", "Costa del Sol", "Cyprus", "Malta"],
    nights: [3, 4, 5, 7],
    noun: "holiday",
  },
  city: {
    price: [99, 499],
    items: ["{place} City Break with Flights", "Central {place} Hotel Stay with Flights"],
    variants: ["Room only", "Breakfast"],
    sizes: "single",
    merchantNouns: ["City Breaks", "Travel", "Getaways"],
    places: ["Paris", "Rome", "Barcelona", "Amsterdam", "Prague", "Lisbon", "Budapest", "Krakow", "New York"],
    nights: [2, 3, 4],
    noun: "trip",
  },
  "all-inclusive": {
    price: [249, 1200],
    items: ["All-Inclusive {place} Holiday with Flights", "5-Star All-Inclusive {place} Escape with Flights"],
    variants: ["All inclusive", "Premium all inclusive"],
    sizes: "single",
    merchantNouns: ["Holidays", "Resorts", "Travel"],
    places: ["Turkey", "Egypt", "Tenerife", "Mexico", "Dominican Republic", "Greece", "Bulgaria"],
    nights: [4, 5, 7, 10],
    noun: "holiday",
  },
  // Cruises
  mediterranean: {
    price: [399, 1299],
    items: ["Mediterranean Cruise from {place}", "Western Mediterranean Cruise with Flights from {place}"],
    variants: ["Inside cabin", "Ocean-view cabin", "Balcony cabin"],
    sizes: "single",
    merchantNouns: ["Cruises", "Cruise Holidays", "Voyages"],
    places: ["Barcelona", "Rome", "Venice", "Athens", "Marseille"],
    nights: [4, 7, 10],
    noun: "cruise",
  },
  caribbean: {
    price: [799, 1500],
    items: ["Caribbean Cruise from {place} with Flights", "Island-Hopping Caribbean Cruise from {place}"],
    variants: ["Inside cabin", "Ocean-view cabin", "Balcony cabin"],
    sizes: "single",
    merchantNouns: ["Cruises", "Cruise Holidays", "Voyages"],
    places: ["Miami", "Barbados", "Fort Lauderdale"],
    nights: [7, 10, 14],
    noun: "cruise",
  },
  river: {
    price: [499, 1500],
    items: ["River Cruise on the {place}", "Scenic River Cruise along the {place}"],
    variants: ["Standard cabin", "French balcony cabin"],
    sizes: "single",
    merchantNouns: ["River Cruises", "Cruises", "Voyages"],
    places: ["Danube", "Rhine", "Douro", "Seine"],
    nights: [4, 7],
    noun: "cruise",
  },
};

/** First halves of merchant names ("The Olive Kitchen", "Nova Tech"). */
export const MERCHANT_PREFIXES = [
  "Olive", "Willow", "Copper", "Golden", "Ivy", "Oak", "Velvet", "Silver", "Rose", "Linden", "Harbour", "Maple",
  "Juniper", "Sage", "Amber", "Saffron", "Cedar", "Blue Door", "Lantern", "Orchard", "Meadow", "Crown", "Station",
  "Market", "Riverside", "Kingsley", "Pearl", "Fig", "Bramble", "Hazel", "Laurel", "Nova", "Zenith", "Bright",
  "Urban", "Pulse", "Evergreen", "Northern", "Apex", "Bluebell", "Summit", "Kingfisher", "Lumen", "Foxhill", "Ashdown",
] as const;

export const STREET_NAMES = [
  "High Street", "Church Road", "Station Road", "Market Street", "King Street", "Queen Street", "Victoria Road",
  "Mill Lane", "Park Road", "Bridge Street", "George Street", "Castle Street", "Albert Road", "North Street",
  "Chapel Street", "New Road", "Green Lane", "Main Street", "Harbour Road", "Abbey Road",
] as const;

export const FIRST_NAMES = [
  "Sarah", "James", "Emma", "Oliver", "Sophie", "Jack", "Chloe", "Harry", "Lucy", "Thomas", "Amelia", "George",
  "Grace", "Daniel", "Hannah", "Liam", "Aoife", "Sean", "Niamh", "Ciara", "Conor", "Siobhan", "Priya", "Aisha",
  "Mohammed", "Ravi", "Zara", "Megan", "Ryan", "Katie", "David", "Laura", "Claire", "Mark", "Rachel", "Paul",
  "Fiona", "Gareth", "Eilidh", "Callum",
] as const;

/** Review sentences by star rating; "{noun}" is the sub-category's noun. */
export const REVIEW_SENTENCES: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    "Absolutely loved the {noun}, would definitely book again.",
    "Fantastic value for money and the staff were lovely.",
    "Booking was easy and the {noun} was even better than expected.",
    "Couldn't fault a thing. Highly recommend!",
    "Bought this as a gift and they were thrilled with it.",
    "Second time using this deal and it was just as good.",
    "Brilliant {noun}, exactly as described.",
  ],
  4: [
    "Really good {noun}, just a little busy when we went.",
    "Great deal overall, would use again.",
    "Lovely experience, redemption took a couple of emails but worth it.",
    "Very happy with the {noun} for the price.",
    "Good value and friendly service.",
  ],
  3: [
    "The {noun} was fine but nothing special.",
    "Decent for the price, though availability was limited.",
    "Okay overall. Had to wait a few weeks for a booking.",
    "Not bad, but I expected a bit more.",
  ],
  2: [
    "Disappointing {noun}, not quite what was advertised.",
    "Hard to get a booking and the {noun} was average.",
    "Took ages to arrive and the quality was poor.",
  ],
  1: [
    "Really let down by the {noun}.",
    "Would not recommend, customer service never replied.",
    "Not as described. I have asked for a refund.",
  ],
};

/**
 * Opening lines for deal descriptions by deal type. "{item}" comes with its article ("a Spa Day"),
 * "{merchant}" and "{where}" are filled in; the sentence is capitalised afterwards.
 */
export const DESCRIPTION_INTROS = {
  local: [
    "Treat yourself to {item} at {merchant} in {where}.",
    "Looking for something a little special? Enjoy {item} at {merchant}, {where}.",
    "Make a day of it with {item} from {merchant}, one of {where}'s favourites.",
  ],
  national: [
    "Grab yourself {item} from {merchant}, delivered to your door.",
    "Upgrade your everyday with {item} at a fraction of the usual price.",
    "{item} that makes a great treat or gift, from {merchant}.",
  ],
  travel: [
    "Get away from it all with {item}.",
    "Pack your bags for {item}, handpicked by our travel team.",
    "Escape to {where} with {item} at a price you'll love.",
  ],
} as const;

export const DESCRIPTION_REASONS = [
  "Over 1,000 happy customers and counting.",
  "Rated highly by our shoppers.",
  "A perfect gift for someone special.",
  "Limited availability at this price.",
  "Ideal for a treat or a special occasion.",
  "Flexible dates available.",
] as const;

export const FINE_PRINT = {
  local: [
    "Valid Monday to Friday; weekends available for a small supplement.",
    "Book at least 48 hours in advance, subject to availability.",
    "Voucher valid for 3 months from purchase.",
    "Must be 18 or over.",
    "Present your voucher on arrival.",
    "Cannot be used with any other offer.",
    "24-hour cancellation policy applies.",
  ],
  national: [
    "Delivery within 5 to 10 working days.",
    "Delivery to mainland UK and Ireland only.",
    "Colours may vary slightly from images.",
    "14-day returns policy applies.",
    "Sold and shipped by the merchant.",
  ],
  travel: [
    "Prices are per person based on two sharing unless stated.",
    "Subject to availability; blackout dates may apply.",
    "Book within 14 days of purchase.",
    "Flights from selected airports; supplements may apply.",
    "City taxes payable locally.",
    "ATOL protected where flights are included.",
  ],
} as const;
