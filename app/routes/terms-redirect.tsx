import { redirect, href } from "react-router";

/** The registration screen links to /terms; the terms live at /terms-and-conditions. */
export function loader() {
  return redirect(href("/terms-and-conditions"), 301);
}
