import { useState, type InputHTMLAttributes } from "react";

/** A password box with a Show/Hide button that keeps the box's label and error description. */
export function PasswordInput({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className={`${className} pr-20`} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-label={visible ? "Hide password" : "Show password"}
        className="absolute inset-y-0 right-1 my-auto h-9 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {visible ? "Hide" : "Show"}
      </button>
    </div>
  );
}
