import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "~/lib/hydration";

/**
 * A password input with a Show/Hide button inside it. The button appears once the page runs JavaScript
 * (without it, it could do nothing); the password is never shown unless asked.
 */
export function PasswordInput({
  id,
  className = "",
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string }) {
  const [visible, setVisible] = useState(false);
  const interactive = useHydrated();
  return (
    <div className="relative">
      <input {...props} id={id} type={visible ? "text" : "password"} className={`${className} pr-20`} />
      {interactive && (
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-controls={id}
          aria-label={visible ? "Hide password" : "Show password"}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? "Hide" : "Show"}
        </button>
      )}
    </div>
  );
}
