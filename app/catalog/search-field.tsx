import { SearchIcon } from "~/components/icons";

/**
 * The shop's search box, in the header and above the product list: a labelled search input named
 * `search`, the list's query parameter. The form around it decides where it leads.
 */
export function SearchField({
  className,
  inputClassName,
  placeholder,
  defaultValue,
}: {
  className: string;
  inputClassName: string;
  placeholder: string;
  defaultValue?: string;
}) {
  return (
    <label className={`flex items-center gap-2 rounded-full border border-brand-200 bg-white ${className}`}>
      <SearchIcon size={18} className="text-muted" />
      <span className="sr-only">Search products</span>
      <input
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={`bg-transparent outline-none ${inputClassName}`}
      />
    </label>
  );
}
