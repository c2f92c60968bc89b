/**
 * Facts about the shop shown on pages and in e-mails. The phone and e-mail are customer care's first values:
 * the owner's settings (decision 042) hold the ones pages show, with the seller's legal details.
 */
export const STORE = {
  name: "Rangoli Boutique",
  tagline: "Handpicked ethnic wear for women and girls",
  phone: "+91 98480 12345",
  email: "care@rangoli.example",
  address: {
    street: "Plot 42, Road No. 10, Banjara Hills",
    city: "Hyderabad",
    state: "Telangana",
    postalCode: "500034",
    country: "IN",
  },
  hours: [
    { days: "Mon-Sat", time: "10:00 AM-8:00 PM" },
    { days: "Sunday", time: "11:00 AM-6:00 PM" },
  ],
  replyPromise: "We reply within 24 hours.",
  social: {
    instagram: "https://www.instagram.com/",
    facebook: "https://www.facebook.com/",
    youtube: "https://www.youtube.com/",
    whatsapp: "https://wa.me/919848012345",
  },
  customizations: [
    "Sleeve Length",
    "Blouse Fit",
    "Color Change",
    "Lehenga Length",
    "Dupatta Fabric",
    "Border Design",
    "Embroidery Style",
  ],
} as const;
