import { useEffect, useRef } from "react";
import { SearchIcon } from "~/components/icons";

/**
 * The shop's search box, in the header and above the product list: a labelled search input named
 * `search`, the list's query parameter. The form around it decides where it leads. It stays in the page
 * while the search changes, so that a search sent with Enter keeps the keyboard in it; it then shows the new
 * search (`defaultValue`), and takes the keyboard when the control that changed it has gone (Clear search).
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
  const input = useRef<HTMLInputElement>(null);
  const shownValue = useRef(defaultValue);
  useEffect(() => {
    // Not on the first render: what was typed before the page hydrated stays.
    if (!input.current || shownValue.current === defaultValue) return;
    shownValue.current = defaultValue;
    input.current.value = defaultValue ?? "";
    if (document.activeElement === document.body) input.current.focus();
  }, [defaultValue]);
  return (
    <label className={`flex items-center gap-2 rounded-full border border-brand-200 bg-white ${className}`}>
      <SearchIcon size={18} className="text-muted" />
      <span className="sr-only">Search products</span>
      <input
        ref={input}
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={`bg-transparent outline-none ${inputClassName}`}
      />
    </label>
  );
}
