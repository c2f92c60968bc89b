import { useId, useRef, type KeyboardEvent } from "react";
import type { ProductDetail } from "#contract/catalog";
import { sizeText } from "#contract/catalog-options";
import { showInPlace } from "~/components/navigation";
import { useHydrated } from "~/lib/hydration";
import { TABS_ID, type ProductTab } from "./product-view";
import { ReviewList, type ReviewSummary } from "./review-list";

/** A product of the Kids category, sized by age rather than by S, M, L. */
export const isKidsProduct = (product: ProductDetail) => product.category.name === "Kids";

/**
 * The product's own size and fit notes (staff write them on the product form), then what holds for every
 * piece of its kind.
 */
function sizeAndFitNotes(product: ProductDetail): string[] {
  const { modelHeight, modelSize, fit, fabric } = product.sizeFit;
  const size = modelSize ? sizeText(modelSize) : "";
  const worn = isKidsProduct(product) ? size : `size ${size}`;
  const model =
    modelHeight && size
      ? `Model is ${modelHeight} and wears ${worn}.`
      : modelHeight
        ? `Model is ${modelHeight}.`
        : size
          ? `Model wears ${worn}.`
          : "";
  return [
    model,
    fit ? `Fit: ${fit}` : "",
    fabric ? `Fabric: ${fabric}` : "",
    isKidsProduct(product) ? "Sizes go by age; the Size Guide gives the chest and length of each." : "",
    "Colours may vary slightly from the photographs due to lighting.",
  ].filter(Boolean);
}

/**
 * Product Details, Reviews and Care Guide, as ARIA tabs with arrow-key navigation. Each tab is a link to the
 * page with that tab shown (?tab=), which is how they work without scripts or before the page has hydrated;
 * after, a click or an arrow key shows the tab in place (`onChange`).
 */
export function ProductTabs({
  product,
  reviews,
  active,
  hrefOf,
  onChange,
}: {
  product: ProductDetail;
  reviews: ReviewSummary | null;
  active: ProductTab;
  hrefOf: (tab: ProductTab) => string;
  onChange: (tab: ProductTab) => void;
}) {
  const tabs = [
    { id: "details", label: "Product Details" },
    { id: "reviews", label: `Reviews (${product.reviews})` },
    { id: "care", label: "Care Guide" },
  ] as const satisfies ReadonlyArray<{ id: ProductTab; label: string }>;
  const baseId = useId();
  const buttons = useRef<Array<HTMLAnchorElement | null>>([]);
  // The arrow keys move between the tabs once the page has hydrated; before, each tab is in the Tab order.
  const hydrated = useHydrated();

  /** The WAI-ARIA tabs keys: the arrows move to the neighbouring tab (round the ends), Home and End to the first and last. */
  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = target[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    buttons.current[next]?.focus();
  }

  return (
    <div id={TABS_ID} className="mt-12 scroll-mt-4">
      <div
        role="tablist"
        aria-label="Product information"
        className="flex gap-1 overflow-x-auto border-b border-brand-200"
      >
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            href={hrefOf(tab.id)}
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-controls={`${baseId}-${tab.id}-panel`}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id || !hydrated ? 0 : -1}
            onClick={showInPlace(() => onChange(tab.id))}
            onKeyDown={(event) => onKeyDown(event, index)}
            // The list scrolls sideways, which clips what is drawn outside it: the focus ring is drawn inside.
            className={`shrink-0 grow border-b-2 px-2 py-3 text-center focus-visible:-outline-offset-4 text-sm font-semibold sm:grow-0 sm:px-4 sm:text-base ${active === tab.id ? "border-brand-600 text-brand-700" : "border-transparent text-muted hover:text-ink"}`}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={active !== tab.id}
          tabIndex={0}
          className="py-6"
        >
          {tab.id === "details" ? (
            <div className="grid gap-6 md:grid-cols-2">
              <div>
                <h3 className="font-sans font-semibold">Features</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {product.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="font-sans font-semibold">Size & fit</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {sizeAndFitNotes(product).map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </div>
            </div>
          ) : tab.id === "reviews" ? (
            <ReviewList summary={reviews} />
          ) : (
            <p className="whitespace-pre-line">{product.care || "Dry clean only."}</p>
          )}
        </div>
      ))}
    </div>
  );
}
