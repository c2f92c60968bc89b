type SizeOption = { label: string; stock: number };

/**
 * A product's sizes as a row of radio buttons shown as chips: a sold-out size is struck through and cannot
 * be chosen. The product page and the wishlist's size choice both use it.
 */
export function SizeOptions<Option extends SizeOption>({
  name,
  sizes,
  selected,
  onSelect,
}: {
  /** The radio group's name, unique in the page. */
  name: string;
  sizes: readonly Option[];
  selected: string | null;
  onSelect: (option: Option) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {sizes.map((option) => (
        <label key={option.label} className={option.stock === 0 ? "cursor-not-allowed" : "cursor-pointer"}>
          <input
            type="radio"
            name={name}
            value={option.label}
            checked={selected === option.label}
            disabled={option.stock === 0}
            onChange={() => onSelect(option)}
            className="peer sr-only"
          />
          <span className="block min-w-12 rounded border border-brand-200 px-3 py-2 text-center peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-disabled:text-muted peer-disabled:line-through peer-disabled:opacity-60">
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}

/** The spec's message when a shopper adds to the bag without a size. */
export function SizeMissing() {
  return (
    <p className="mt-2 text-sm text-red-700" role="alert">
      Please select a size before adding to bag
    </p>
  );
}
