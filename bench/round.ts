/** Three significant digits at most, for the report and the bench's log. */
export function round(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 3)));
}
