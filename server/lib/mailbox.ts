/** Providers that ignore dots in the name before the @ (Gmail's own two domains). */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/** Yahoo delivers base-keyword@ addresses ("disposable addresses") to the same inbox. */
const DASH_TAGGED = /^(yahoo|ymail|rocketmail)\./;

/**
 * The inbox an e-mail address delivers to, as far as the store can tell: lower case, without a `+tag`
 * (Gmail, Outlook, Fastmail, iCloud, Proton and most others deliver `name+anything@` to `name@`), without dots
 * at Gmail (`n.a.m.e@googlemail.com` is `name@gmail.com`), and without Yahoo's `-keyword`. Limits that protect
 * an inbox from a flood of mail count per mailbox, so that `victim+1@`, `victim+2@`… share one count. Never
 * used as an account's address, only as a key.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  name = name.split("+")[0] || name;
  if (DASH_TAGGED.test(domain)) name = name.split("-")[0] || name;
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    name = name.replaceAll(".", "");
    domain = dotless;
  }
  return `${name}@${domain}`;
}
