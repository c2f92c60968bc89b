import type { SizeLabel } from "../../contract/catalog";
import type { CustomizationOption } from "../../contract/tailoring-rules";
import type { DemoGarment } from "./demo-images";

/**
 * The demo catalogue of a small boutique: five categories and their products, priced in rupees.
 * Prices cover every price band of the store (under ₹2,000, ₹2,000-5,000, ₹5,000-10,000, above ₹10,000).
 */

/** [fabric, contrast (blouse, drape, bottoms), metallic accent] for the demo illustrations. */
export const DEMO_COLOURS = {
  emerald: ["#1f5c4a", "#7a2436", "#c9a45c"],
  bottleGreen: ["#254a38", "#c99a8e", "#c9a45c"],
  wine: ["#6b1f2e", "#e2c9a6", "#c9a45c"],
  maroon: ["#5e1a24", "#1f4a3d", "#c9a45c"],
  red: ["#8e1f24", "#1f4a3d", "#d1ad62"],
  mustard: ["#c8962e", "#6b1f2e", "#b08236"],
  mango: ["#d8a93c", "#7a2436", "#a87a2e"],
  teal: ["#1d5e66", "#e8d8c0", "#c9a45c"],
  peacock: ["#14556b", "#6b2a4a", "#c9a45c"],
  navy: ["#22304f", "#d9c3a0", "#c9a45c"],
  plum: ["#4e2449", "#d8b8a0", "#c9a45c"],
  rani: ["#a3325f", "#e3c27a", "#c9a45c"],
  rose: ["#d79aa0", "#8a3a5a", "#c9a45c"],
  onion: ["#c98a8a", "#4b5e3a", "#c9a45c"],
  peach: ["#e3a98a", "#2f5d55", "#c9a45c"],
  coral: ["#d9775f", "#2f5d55", "#c9a45c"],
  ivory: ["#ece2cc", "#7a2436", "#b8893e"],
  sage: ["#9cae8a", "#a8544a", "#c9a45c"],
  mint: ["#a7c4b5", "#b05a6a", "#c9a45c"],
  lavender: ["#a596bd", "#4a3a66", "#c2bdb4"],
  powderBlue: ["#9fb6c9", "#34496b", "#c2bdb4"],
  rust: ["#a4502f", "#2f4a44", "#c9a45c"],
  black: ["#26232a", "#8a2436", "#c9a45c"],
  lemon: ["#e6d37a", "#4f8a7a", "#b08236"],
} as const satisfies Record<string, readonly [string, string, string]>;

export type DemoColour = keyof typeof DEMO_COLOURS;

export type DemoCategory = {
  id: 1 | 2 | 3 | 4 | 5;
  name: string;
  description: string;
  garment: DemoGarment;
  colour: DemoColour;
  /** Sizes a product of this category comes in unless it says otherwise. */
  sizes: readonly SizeLabel[];
  /** The tailoring its products offer, with each charge in rupees. */
  customizations: readonly { name: CustomizationOption; charge: number }[];
};

export const WOMEN_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const satisfies readonly SizeLabel[];
export const KIDS_SIZES = [
  "2-3",
  "4-5",
  "6-7",
  "8-9",
  "10-11",
  "12-13",
  "14+",
] as const satisfies readonly SizeLabel[];

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    id: 1,
    name: "Anarkali",
    description:
      "Floor-length flared Anarkalis in georgette, silk and velvet, from easy festive prints to zardozi evening wear.",
    garment: "anarkali",
    colour: "emerald",
    sizes: WOMEN_SIZES,
    customizations: [
      { name: "Sleeve Length", charge: 0 },
      { name: "Blouse Fit", charge: 350 },
      { name: "Color Change", charge: 600 },
      { name: "Embroidery Style", charge: 900 },
    ],
  },
  {
    id: 2,
    name: "Lehanga & CropTop",
    description:
      "Flared lehengas paired with crop tops and dupattas, for sangeet nights, receptions and the wedding itself.",
    garment: "lehenga",
    colour: "rani",
    sizes: WOMEN_SIZES,
    customizations: [
      { name: "Blouse Fit", charge: 350 },
      { name: "Lehenga Length", charge: 250 },
      { name: "Dupatta Fabric", charge: 700 },
      { name: "Border Design", charge: 800 },
    ],
  },
  {
    id: 3,
    name: "Half Saree",
    description:
      "Three-piece half saree sets of skirt, blouse and voni, in pattu, Chanderi and soft silks for ceremonies and festivals.",
    garment: "half-saree",
    colour: "peacock",
    sizes: WOMEN_SIZES,
    customizations: [
      { name: "Blouse Fit", charge: 350 },
      { name: "Sleeve Length", charge: 0 },
      { name: "Border Design", charge: 800 },
    ],
  },
  {
    id: 4,
    name: "Ethnic Wear",
    description:
      "Everyday and occasion kurta sets in cotton, linen, Chanderi and silk, with palazzos, pants and dupattas.",
    garment: "ethnic",
    colour: "rust",
    sizes: WOMEN_SIZES,
    customizations: [
      { name: "Sleeve Length", charge: 0 },
      { name: "Color Change", charge: 500 },
    ],
  },
  {
    id: 5,
    name: "Kids",
    description:
      "Frocks, pavadais and lehenga sets for girls aged 2 to 14, soft-lined so they are comfortable all day.",
    garment: "kids",
    colour: "mango",
    sizes: KIDS_SIZES,
    customizations: [
      { name: "Sleeve Length", charge: 0 },
      { name: "Lehenga Length", charge: 150 },
    ],
  },
];

export const CARE = {
  silk: "Dry clean only. Store folded in a muslin cloth away from direct sunlight, and refold along new lines every few months to protect the zari.",
  embellished:
    "Dry clean only. Store flat or folded inside out in a muslin cloth; keep perfume and deodorant away from the embroidery and sequins.",
  velvet:
    "Dry clean only. Hang on a padded hanger to keep the pile upright; steam lightly from the inside, never press directly.",
  georgette:
    "Dry clean recommended. If needed, hand wash separately in cold water with a mild detergent and dry in shade.",
  cotton:
    "Hand wash separately in cold water; the first few washes may release some colour. Dry in shade and iron on medium heat.",
  kids: "Gentle hand wash in cold water, inside out. Dry in shade; do not wring or bleach. Iron on low heat avoiding the embellishments.",
} as const;

export type DemoProduct = {
  category: DemoCategory["id"];
  name: string;
  colour: DemoColour;
  /** Selling price in rupees. */
  price: number;
  /** Price before the discount, in rupees, or null when the product is not discounted. */
  originalPrice: number | null;
  /** Units sold so far: the bestseller signal. */
  sold: number;
  description: string;
  features: string[];
  care: keyof typeof CARE;
  /** Sizes offered, in order; defaults to a range chosen from the category's sizes. */
  sizes?: readonly SizeLabel[];
  /** "sold-out": every size at 0; "low": only 1-3 pieces left in each size. */
  stock?: "sold-out" | "low";
};

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // --- Anarkali ---------------------------------------------------------------------------------
  {
    category: 1,
    name: "Emerald Georgette Anarkali with Zari Yoke",
    colour: "emerald",
    price: 4899,
    originalPrice: 6499,
    sold: 312,
    description:
      "A 24-kali Anarkali in soft georgette with a hand-worked zari yoke and a broad woven hem border. Fully lined in cotton so it falls well without clinging. Made for festive lunches, pujas and family functions.",
    features: [
      "Georgette with cotton lining",
      "Zari and sequin yoke",
      "24 kalis with a 3-metre flare",
      "Matching net dupatta included",
    ],
    care: "georgette",
  },
  {
    category: 1,
    name: "Wine Velvet Anarkali with Zardozi Neckline",
    colour: "wine",
    price: 12499,
    originalPrice: 15999,
    sold: 86,
    description:
      "Micro velvet Anarkali with dense zardozi and dabka work around the neckline and cuffs. The weight of the velvet gives a rich, structured flare, best suited to winter weddings and evening receptions.",
    features: [
      "Micro velvet with satin lining",
      "Hand zardozi and dabka neckline",
      "Full sleeves with embroidered cuffs",
      "Organza dupatta with scalloped edge",
    ],
    care: "velvet",
  },
  {
    category: 1,
    name: "Blush Pink Chanderi Anarkali with Gota Patti",
    colour: "rose",
    price: 3299,
    originalPrice: null,
    sold: 174,
    description:
      "A light Chanderi silk-cotton Anarkali with gota patti detailing on the yoke and a gota-edged hem. Breathable enough for a daytime haldi or mehendi in warm weather.",
    features: ["Chanderi silk-cotton", "Gota patti yoke and hem", "Three-quarter sleeves", "Side pocket"],
    care: "georgette",
  },
  {
    category: 1,
    name: "Mustard Printed Cotton Anarkali Kurta",
    colour: "mustard",
    price: 1499,
    originalPrice: 1899,
    sold: 389,
    description:
      "A calf-length Anarkali kurta in printed cotton cambric with a lightly flared silhouette. An easy everyday festive piece for office celebrations and temple visits, worn with leggings or churidar.",
    features: [
      "Pure cotton cambric",
      "Hand block inspired print",
      "Calf length with a soft flare",
      "Pair with leggings or churidar (not included)",
    ],
    care: "cotton",
  },
  {
    category: 1,
    name: "Navy Blue Mirror Work Anarkali Gown",
    colour: "navy",
    price: 6799,
    originalPrice: 8499,
    sold: 143,
    description:
      "A georgette Anarkali gown with hand-set mirror work and thread embroidery on the bodice. The deep navy and silver play well under evening lights at a sangeet or cocktail function.",
    features: [
      "Georgette with crepe lining",
      "Hand-set mirror and thread work",
      "Floor length with 16 kalis",
      "Concealed side zip",
    ],
    care: "embellished",
  },
  {
    category: 1,
    name: "Ivory Chikankari Georgette Anarkali",
    colour: "ivory",
    price: 7499,
    originalPrice: null,
    sold: 98,
    description:
      "Lucknowi chikankari hand embroidered across the bodice and panels of a flowing georgette Anarkali. Understated and elegant for day weddings, Eid and graduation ceremonies.",
    features: [
      "Georgette with cotton slip",
      "Hand chikankari embroidery",
      "Fine mukaish highlights",
      "Chiffon dupatta with chikan border",
    ],
    care: "embellished",
  },
  {
    category: 1,
    name: "Peacock Blue Silk Anarkali with Dupatta",
    colour: "peacock",
    price: 5699,
    originalPrice: 7299,
    sold: 132,
    description:
      "An art silk Anarkali with a woven zari border at the hem and sleeves, paired with a matching silk dupatta. The sheen and weight make it a good choice for festivals and engagement ceremonies.",
    features: [
      "Art silk with cotton lining",
      "Woven zari hem and cuffs",
      "Full-length silk dupatta",
      "Adjustable tie-up back",
    ],
    care: "silk",
  },
  {
    category: 1,
    name: "Onion Pink Floral Print Rayon Anarkali",
    colour: "onion",
    price: 1899,
    originalPrice: 2399,
    sold: 256,
    description:
      "A soft rayon Anarkali with an all-over floral print and a lace-trimmed hem. Comfortable for long days and easy to wash, made for casual festive wear and college events.",
    features: ["Viscose rayon", "All-over floral print", "Lace-trimmed hem", "Machine washable on gentle"],
    care: "cotton",
  },
  {
    category: 1,
    name: "Maroon Banarasi Brocade Anarkali Set",
    colour: "maroon",
    price: 18999,
    originalPrice: null,
    sold: 37,
    description:
      "Woven from Banarasi silk brocade with a kadhua zari pattern, this Anarkali is finished with a hand-embroidered zardozi neckline. A heirloom-style outfit for wedding ceremonies and receptions.",
    features: [
      "Banarasi silk brocade",
      "Kadhua woven zari motifs",
      "Zardozi neckline",
      "Matching Banarasi dupatta",
      "Made in small batches in Varanasi",
    ],
    care: "silk",
    stock: "sold-out",
  },
  {
    category: 1,
    name: "Sage Green Organza Anarkali with Sequin Work",
    colour: "sage",
    price: 3999,
    originalPrice: 4999,
    sold: 121,
    description:
      "A layered organza Anarkali with delicate sequin and thread work on the bodice, over a soft satin lining. Light and airy for mehendi, daytime receptions and festive get-togethers.",
    features: [
      "Organza over satin lining",
      "Sequin and thread embroidery",
      "Puffed three-quarter sleeves",
      "Organza dupatta with sequin edge",
    ],
    care: "embellished",
    stock: "low",
  },
  {
    category: 1,
    name: "Lavender Net Anarkali with Pearl Embroidery",
    colour: "lavender",
    price: 4499,
    originalPrice: null,
    sold: 65,
    description:
      "Soft net Anarkali with pearl and cutdana embroidery around the yoke and a scalloped hem. A pastel choice for engagement parties, baby showers and evening functions.",
    features: ["Soft net with crepe lining", "Pearl and cutdana yoke", "Scalloped hem", "Net dupatta"],
    care: "embellished",
  },

  // --- Lehanga & CropTop -----------------------------------------------------------------------
  {
    category: 2,
    name: "Rani Pink Raw Silk Lehenga with Crop Top",
    colour: "rani",
    price: 8999,
    originalPrice: 11499,
    sold: 154,
    description:
      "A raw silk lehenga with a broad zari and resham border, paired with a padded crop top and an organza dupatta. A vivid, celebratory set for sangeet and mehendi nights.",
    features: [
      "Raw silk lehenga with can-can layer",
      "Padded crop top with back tie",
      "Zari and resham border",
      "Organza dupatta",
    ],
    care: "silk",
  },
  {
    category: 2,
    name: "Red Bridal Velvet Lehenga with Zardozi Work",
    colour: "red",
    price: 42999,
    originalPrice: 49999,
    sold: 12,
    description:
      "Our bridal lehenga in deep red velvet, hand embroidered with zardozi, dabka and nakshi work over several weeks. Comes with a fully worked blouse and two dupattas, one for the head and one for the shoulder.",
    features: [
      "Velvet with silk lining and can-can",
      "Hand zardozi, dabka and nakshi work",
      "Fully embroidered blouse",
      "Two net dupattas",
      "Made to measure alterations on request",
    ],
    care: "velvet",
    sizes: ["S", "M", "L", "XL"],
  },
  {
    category: 2,
    name: "Peach Organza Lehenga with Sequin Crop Top",
    colour: "peach",
    price: 6499,
    originalPrice: null,
    sold: 88,
    description:
      "A flowing organza lehenga with delicate floral embroidery, paired with a sequinned crop top. Light enough to dance in, made for engagement parties and cocktail evenings.",
    features: [
      "Organza with satin lining",
      "Sequinned crop top",
      "Floral thread embroidery",
      "Elasticated waist with drawstring",
    ],
    care: "embellished",
  },
  {
    category: 2,
    name: "Mint Green Floral Printed Lehenga Set",
    colour: "mint",
    price: 2999,
    originalPrice: 3699,
    sold: 203,
    description:
      "A printed georgette lehenga and matching crop top with a contrast mirror-work border. An easy, lightweight set for haldi, festive house parties and college farewells.",
    features: ["Printed georgette", "Mirror-work border", "Crop top with short sleeves", "Chiffon dupatta"],
    care: "georgette",
  },
  {
    category: 2,
    name: "Black Georgette Lehenga with Mirror Crop Top",
    colour: "black",
    price: 4299,
    originalPrice: null,
    sold: 117,
    description:
      "A black georgette lehenga with a gold foil border, paired with a mirror-work crop top. A striking evening look for cocktail parties, Diwali nights and receptions.",
    features: [
      "Georgette with crepe lining",
      "Gold foil printed border",
      "Hand mirror-work crop top",
      "Net dupatta",
    ],
    care: "georgette",
  },
  {
    category: 2,
    name: "Powder Blue Net Lehenga with Pearl Work",
    colour: "powderBlue",
    price: 11999,
    originalPrice: 14499,
    sold: 41,
    description:
      "Layered soft net lehenga with pearl, cutdana and sequin embroidery, paired with a structured crop top. A serene pastel outfit for engagements and day receptions.",
    features: [
      "Three-layer soft net with can-can",
      "Pearl and cutdana embroidery",
      "Structured padded crop top",
      "Scalloped net dupatta",
    ],
    care: "embellished",
    stock: "low",
  },
  {
    category: 2,
    name: "Mustard Cotton Lehenga with Printed Crop Top",
    colour: "mustard",
    price: 1899,
    originalPrice: null,
    sold: 276,
    description:
      "A breathable cotton lehenga with a printed crop top and gota lace at the hem. A cheerful, budget-friendly set for Navratri, haldi and daytime functions.",
    features: ["Pure cotton", "Printed crop top", "Gota lace hem", "Drawstring waist"],
    care: "cotton",
  },
  {
    category: 2,
    name: "Emerald Banarasi Silk Lehenga Set",
    colour: "emerald",
    price: 16499,
    originalPrice: 19999,
    sold: 29,
    description:
      "A Banarasi silk lehenga with woven zari butis and a deep border, paired with a brocade crop top and a Banarasi dupatta. Traditional and rich for weddings and reception ceremonies.",
    features: [
      "Banarasi silk with woven zari butis",
      "Brocade crop top",
      "Banarasi silk dupatta",
      "Can-can layer for volume",
    ],
    care: "silk",
  },
  {
    category: 2,
    name: "Lilac Tissue Crop Top Lehenga",
    colour: "lavender",
    price: 7899,
    originalPrice: null,
    sold: 64,
    description:
      "A shimmering tissue lehenga with a sequin-embellished crop top and a sheer organza dupatta. A contemporary choice for sangeet, cocktail evenings and bridesmaids.",
    features: [
      "Tissue silk with satin lining",
      "Sequin-embellished crop top",
      "Organza dupatta",
      "Side zip closure",
    ],
    care: "embellished",
  },
  {
    category: 2,
    name: "Wine Velvet Crop Top with Sequin Lehenga",
    colour: "wine",
    price: 24999,
    originalPrice: null,
    sold: 18,
    description:
      "A heavily sequinned georgette lehenga with a velvet crop top finished in zardozi. Made for receptions and winter wedding evenings where it catches every light.",
    features: [
      "Sequinned georgette lehenga",
      "Velvet crop top with zardozi",
      "Net dupatta with sequin border",
      "Can-can layer",
    ],
    care: "embellished",
    sizes: ["XS", "S", "M", "L", "XL"],
  },
  {
    category: 2,
    name: "Coral Chinnon Lehenga with Gota Border",
    colour: "coral",
    price: 3799,
    originalPrice: 4599,
    sold: 132,
    description:
      "A Chinnon silk lehenga with a shimmering gota border, paired with a thread-embroidered crop top. Light and bright for mehendi, haldi and festive get-togethers.",
    features: ["Chinnon silk", "Gota patti border", "Thread-embroidered crop top", "Chiffon dupatta"],
    care: "georgette",
  },

  // --- Half Saree ------------------------------------------------------------------------------
  {
    category: 3,
    name: "Mustard Chanderi Half Saree Set",
    colour: "mustard",
    price: 4599,
    originalPrice: 5499,
    sold: 188,
    description:
      "A three-piece half saree with a Chanderi skirt, a contrast maroon blouse and a zari-edged voni. Light and graceful for poojas, festivals and family functions.",
    features: [
      "Chanderi silk-cotton skirt",
      "Contrast silk blouse",
      "Zari-edged voni",
      "Unstitched blouse option on request",
    ],
    care: "silk",
  },
  {
    category: 3,
    name: "Peacock Blue Kanchipuram Silk Half Saree",
    colour: "peacock",
    price: 21999,
    originalPrice: 26999,
    sold: 22,
    description:
      "Handwoven Kanchipuram pure silk with a contrast korvai border and temple motifs, made up as a half saree set with a pure silk blouse and voni. For coming-of-age ceremonies and weddings.",
    features: [
      "Pure Kanchipuram silk with silk mark",
      "Contrast korvai temple border",
      "Pure zari weave",
      "Silk blouse and voni included",
    ],
    care: "silk",
  },
  {
    category: 3,
    name: "Rose Pink Kora Organza Half Saree",
    colour: "rose",
    price: 8499,
    originalPrice: null,
    sold: 71,
    description:
      "A kora organza half saree with a zari border and hand-embroidered butis, paired with a brocade blouse. Sheer, light and pretty for engagements and daytime celebrations.",
    features: ["Kora organza skirt and voni", "Hand-embroidered butis", "Brocade blouse", "Zari border"],
    care: "embellished",
  },
  {
    category: 3,
    name: "Mango Yellow Pattu Half Saree with Maroon Voni",
    colour: "mango",
    price: 12999,
    originalPrice: 15499,
    sold: 48,
    description:
      "A traditional pattu silk half saree in mango yellow with a maroon voni and a woven temple border. A classic combination for half saree functions, weddings and festivals.",
    features: [
      "Pattu silk skirt",
      "Contrast maroon voni",
      "Woven temple border",
      "Silk blouse with zari sleeves",
    ],
    care: "silk",
  },
  {
    category: 3,
    name: "Lavender Soft Silk Half Saree with Zari Border",
    colour: "lavender",
    price: 6999,
    originalPrice: 8699,
    sold: 95,
    description:
      "A soft silk half saree with a fine zari border, paired with a plum blouse and matching voni. Lightweight and easy to drape for festivals and family gatherings.",
    features: ["Soft silk", "Fine zari border", "Contrast blouse", "Pre-pleated voni option"],
    care: "silk",
  },
  {
    category: 3,
    name: "Bottle Green Gadwal Silk Half Saree",
    colour: "bottleGreen",
    price: 9499,
    originalPrice: null,
    sold: 57,
    description:
      "Gadwal silk-cotton with an interlocked silk border, made into a half saree with a contrast blouse and voni. Crisp and elegant for temple festivals and ceremonies.",
    features: [
      "Gadwal silk-cotton body",
      "Interlocked pure silk border",
      "Contrast silk blouse",
      "Handwoven",
    ],
    care: "silk",
    stock: "low",
  },
  {
    category: 3,
    name: "Peach Printed Cotton Half Saree Set",
    colour: "peach",
    price: 1899,
    originalPrice: 2299,
    sold: 241,
    description:
      "A printed cotton half saree with a lace-edged voni and a ready blouse. Comfortable and easy to wear for school functions, poojas and festive days at home.",
    features: ["Printed cotton", "Lace-edged voni", "Ready-to-wear blouse", "Easy to hand wash"],
    care: "cotton",
  },
  {
    category: 3,
    name: "Ivory and Gold Tissue Half Saree",
    colour: "ivory",
    price: 14999,
    originalPrice: null,
    sold: 33,
    description:
      "Ivory tissue silk with a rich gold zari border and a maroon silk blouse. A timeless, festive set for weddings, Onam and Vishu celebrations.",
    features: ["Tissue silk", "Broad gold zari border", "Maroon silk blouse", "Tissue voni"],
    care: "silk",
  },
  {
    category: 3,
    name: "Coral Georgette Half Saree with Sequin Voni",
    colour: "coral",
    price: 3899,
    originalPrice: null,
    sold: 109,
    description:
      "A georgette half saree with a sequinned voni and an embroidered blouse. A modern take on the half saree for sangeet, reception parties and festive evenings.",
    features: ["Georgette skirt", "Sequinned voni", "Embroidered blouse", "Satin lining"],
    care: "embellished",
  },
  {
    category: 3,
    name: "Teal Art Silk Half Saree with Temple Border",
    colour: "teal",
    price: 2799,
    originalPrice: 3499,
    sold: 167,
    description:
      "An art silk half saree with a woven temple border and a contrast ivory blouse. Easy to care for and festive enough for poojas, festivals and school cultural days.",
    features: ["Art silk", "Woven temple border", "Contrast ivory blouse", "Voni with tassels"],
    care: "silk",
  },

  // --- Ethnic Wear -----------------------------------------------------------------------------
  {
    category: 4,
    name: "Teal Cotton Straight Kurta with Palazzo",
    colour: "teal",
    price: 1299,
    originalPrice: 1699,
    sold: 398,
    description:
      "A straight-cut cotton kurta with a buttoned placket and a contrast palazzo. Breathable and easy for office, college and everyday wear.",
    features: ["Pure cotton", "Straight cut with side slits", "Elasticated palazzo", "Machine washable"],
    care: "cotton",
  },
  {
    category: 4,
    name: "Indigo Hand Block Print Cotton Kurta Set",
    colour: "navy",
    price: 1699,
    originalPrice: null,
    sold: 344,
    description:
      "A hand block printed indigo cotton kurta from Bagru, paired with straight pants. Soft on the skin and made for daily wear through the summer.",
    features: [
      "Hand block printed cotton",
      "Natural indigo dye",
      "Straight pants with pockets",
      "Three-quarter sleeves",
    ],
    care: "cotton",
  },
  {
    category: 4,
    name: "Rust Rayon A-line Kurta with Pants",
    colour: "rust",
    price: 999,
    originalPrice: 1349,
    sold: 367,
    description:
      "An A-line rayon kurta with subtle foil print at the yoke, paired with matching pants. A comfortable everyday set that drapes well and washes easily.",
    features: ["Viscose rayon", "Foil printed yoke", "A-line silhouette", "Matching pants"],
    care: "cotton",
  },
  {
    category: 4,
    name: "Pastel Mint Chikankari Kurta Set",
    colour: "mint",
    price: 2499,
    originalPrice: 2999,
    sold: 211,
    description:
      "A cotton kurta with hand chikankari embroidery on the yoke and sleeves, paired with palazzos. Light and understated for brunches, office festivities and summer functions.",
    features: [
      "Cotton with hand chikankari",
      "Palazzo with elastic waist",
      "Three-quarter sleeves",
      "Cotton lining on the yoke",
    ],
    care: "cotton",
  },
  {
    category: 4,
    name: "Black Chanderi Kurta with Gota Yoke",
    colour: "black",
    price: 3199,
    originalPrice: null,
    sold: 126,
    description:
      "A black Chanderi kurta with a gota patti yoke, paired with cotton pants and an organza dupatta. Smart enough for festive office days and evening pujas.",
    features: ["Chanderi silk-cotton", "Gota patti yoke", "Cotton straight pants", "Organza dupatta"],
    care: "georgette",
  },
  {
    category: 4,
    name: "Mustard Silk Blend Kurta Palazzo Set",
    colour: "mustard",
    price: 2799,
    originalPrice: 3399,
    sold: 99,
    description:
      "A silk blend kurta with zari stripes and a matching palazzo. A festive set for Diwali, housewarmings and family gatherings.",
    features: ["Silk blend", "Woven zari stripes", "Flared palazzo", "Keyhole neckline with tassels"],
    care: "silk",
  },
  {
    category: 4,
    name: "Plum Velvet Straight Kurta Set",
    colour: "plum",
    price: 5499,
    originalPrice: 6899,
    sold: 54,
    description:
      "A straight velvet kurta with resham and sequin embroidery on the neckline, paired with silk pants and a net dupatta. Warm and rich for winter weddings and evening functions.",
    features: ["Micro velvet", "Resham and sequin neckline", "Silk straight pants", "Net dupatta"],
    care: "velvet",
    stock: "low",
  },
  {
    category: 4,
    name: "Ivory Mulmul Kurta with Lace Detail",
    colour: "ivory",
    price: 1799,
    originalPrice: null,
    sold: 283,
    description:
      "A soft mulmul cotton kurta with crochet lace at the hem and sleeves, paired with cotton pants. Cool and comfortable for hot days and casual outings.",
    features: ["Mulmul cotton", "Crochet lace details", "Cotton pants", "Fully lined"],
    care: "cotton",
  },
  {
    category: 4,
    name: "Emerald Silk Kurta with Zari Dupatta",
    colour: "emerald",
    price: 6299,
    originalPrice: null,
    sold: 61,
    description:
      "An art silk kurta with a zari-woven neckline, paired with straight pants and a Banarasi-style zari dupatta. A polished set for festivals, engagements and receptions.",
    features: ["Art silk", "Zari-woven neckline", "Banarasi-style dupatta", "Straight pants"],
    care: "silk",
  },
  {
    category: 4,
    name: "Powder Blue Linen Kurta Set",
    colour: "powderBlue",
    price: 3499,
    originalPrice: 4299,
    sold: 145,
    description:
      "A pure linen kurta with thread embroidery on the placket, paired with linen pants. Breathable and crisp for summer workdays and daytime events.",
    features: ["Pure linen", "Thread-embroidered placket", "Linen pants", "Wooden buttons"],
    care: "cotton",
  },
  {
    category: 4,
    name: "Maroon Banarasi Kurta Set with Dupatta",
    colour: "maroon",
    price: 8499,
    originalPrice: 10499,
    sold: 43,
    description:
      "A Banarasi silk kurta with woven zari butis, paired with silk pants and a Banarasi dupatta. Traditional and elegant for weddings, festivals and receptions.",
    features: ["Banarasi silk", "Woven zari butis", "Silk pants", "Banarasi dupatta"],
    care: "silk",
  },
  {
    category: 4,
    name: "Pista Green Raw Silk Kurta Set with Hand Embroidery",
    colour: "sage",
    price: 11499,
    originalPrice: null,
    sold: 19,
    description:
      "A raw silk kurta with hand embroidery in resham and zari across the yoke, paired with a palazzo and an organza dupatta. Made for festive evenings, engagements and family weddings.",
    features: [
      "Raw silk",
      "Hand resham and zari embroidery",
      "Flared palazzo",
      "Organza dupatta",
      "Made to order in two weeks",
    ],
    care: "embellished",
  },

  // --- Kids -----------------------------------------------------------------------------------
  {
    category: 5,
    name: "Lemon Yellow Cotton Frock with Floral Print",
    colour: "lemon",
    price: 899,
    originalPrice: 1199,
    sold: 301,
    description:
      "A soft cotton frock with a floral print, puff sleeves and a sash bow. Comfortable for birthday parties, festivals and everyday wear.",
    features: ["Pure cotton", "Puff sleeves", "Sash bow at the waist", "Back button closure"],
    care: "kids",
  },
  {
    category: 5,
    name: "Rani Pink Pattu Pavadai Set for Girls",
    colour: "rani",
    price: 2299,
    originalPrice: 2799,
    sold: 176,
    description:
      "A traditional pattu pavadai with a zari border and a matching blouse. Soft cotton lined for comfort, made for festivals, temple visits and weddings.",
    features: ["Art silk pattu", "Zari border", "Cotton-lined blouse", "Adjustable waist"],
    care: "kids",
  },
  {
    category: 5,
    name: "Peach Net Party Frock with Sequin Bodice",
    colour: "peach",
    price: 1699,
    originalPrice: null,
    sold: 219,
    description:
      "A layered net party frock with a sequinned bodice and a satin sash. Cotton lined so it does not scratch, made for birthdays and wedding functions.",
    features: ["Soft net with cotton lining", "Sequinned bodice", "Satin sash", "Back zip"],
    care: "kids",
  },
  {
    category: 5,
    name: "Mint Green Lehenga Choli for Girls",
    colour: "mint",
    price: 2999,
    originalPrice: 3599,
    sold: 92,
    description:
      "A mini lehenga choli in georgette with mirror and thread work and a light dupatta. Made for sangeet nights, Navratri and festive gatherings.",
    features: ["Georgette with cotton lining", "Mirror and thread work", "Elasticated waist", "Net dupatta"],
    care: "kids",
  },
  {
    category: 5,
    name: "Lavender Anarkali Frock with Pearl Work",
    colour: "lavender",
    price: 1899,
    originalPrice: null,
    sold: 158,
    description:
      "A flared Anarkali-style frock in soft georgette with pearl work on the yoke. Light and twirly for weddings, Eid and family celebrations.",
    features: ["Georgette with cotton lining", "Pearl-worked yoke", "Flared Anarkali silhouette", "Back zip"],
    care: "kids",
  },
  {
    category: 5,
    name: "Maroon Silk Blend Pavadai with Zari Border",
    colour: "maroon",
    price: 3499,
    originalPrice: null,
    sold: 77,
    description:
      "A silk blend pavadai set with a broad zari border and a brocade blouse. A classic festive outfit for Pongal, Onam and family weddings.",
    features: ["Silk blend", "Broad zari border", "Brocade blouse", "Cotton lining"],
    care: "kids",
  },
  {
    category: 5,
    name: "Coral Cotton Frock with Gota Trim",
    colour: "coral",
    price: 1199,
    originalPrice: 1499,
    sold: 264,
    description:
      "A cotton frock with gota trim at the hem and a tie-up back. Breathable and simple for summer festivals and everyday outings.",
    features: ["Pure cotton", "Gota trim", "Tie-up back", "Machine washable on gentle"],
    care: "kids",
  },
  {
    category: 5,
    name: "Ivory Tissue Lehenga Set for Girls",
    colour: "ivory",
    price: 5999,
    originalPrice: 7499,
    sold: 31,
    description:
      "A tissue silk lehenga set with zari embroidery and a matching dupatta, lined in soft cotton. Made for weddings and special occasions.",
    features: ["Tissue silk", "Zari embroidery", "Soft cotton lining", "Matching dupatta"],
    care: "kids",
    stock: "sold-out",
  },
];
