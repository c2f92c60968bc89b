import { ROLE, type RoleId } from "#contract/accounts-rules";

/** An Indian mobile number as people write it: 9876543210 becomes +91 98765 43210. */
export function formatMobile(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^91(?=\d{10}$)/, "");
  return /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}

/** The roles in words, for people rather than for guards. */
export const ROLE_LABELS: Record<RoleId, string> = {
  [ROLE.superAdmin]: "Super admin",
  [ROLE.admin]: "Admin",
  [ROLE.customer]: "Customer",
};

// In the store's time zone, so the server and the browser render the same day.
const dates = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** 22 Nov 2025. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dates.format(date);
}

// With the time, in the store's time zone too.
const moments = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** 22 Nov 2025, 03:45 pm; a dash for a moment that has not come. */
export function formatMoment(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? moments.format(date) : "—";
}
