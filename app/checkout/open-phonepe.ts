/**
 * Opens PhonePe's checkout page: on a wide screen with a mouse in an 800×800 popup, as the spec does, while
 * this page waits; on a phone, or when the popup is blocked, in this tab (PhonePe returns to the callback).
 */
export function openPhonePe(url: string): "popup" | "redirected" {
  if (window.matchMedia("(min-width: 1024px) and (pointer: fine)").matches) {
    const popup = window.open(url, "phonepe", "popup,width=800,height=800");
    if (popup) return "popup";
  }
  window.location.assign(url);
  return "redirected";
}
