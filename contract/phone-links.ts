/** A phone number as a tel: link: its digits, with + when written so ("+91 98480 12345" is tel:+919848012345). */
export const telHref = (phone: string) =>
  `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
