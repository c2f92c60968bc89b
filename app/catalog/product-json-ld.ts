import type { ProductDetail } from "#contract/catalog";
import type { PublicReview } from "#contract/reviews";
import { STORE } from "#contract/store";

/**
 * The product page's structured data (schema.org Product, with its offer and approved reviews), built by
 * the page's loader on the server: crawlers read it in the HTML, and the browser's scripts need no copy.
 */
export function productJsonLd(
  product: ProductDetail,
  reviews: PublicReview[],
  url: string,
  image: string | null,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: String(product._id),
    category: product.category.name,
    brand: { "@type": "Brand", name: STORE.name },
    countryOfOrigin: { "@type": "Country", name: product.countryOfOrigin },
    ...(image ? { image: [image] } : {}),
    // From approved reviews only (the product's rating and count are kept from them).
    ...(product.reviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviews,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.text,
            datePublished: review.createdAt.slice(0, 10),
            author: { "@type": "Person", name: review.author },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: product.price.toFixed(2),
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
