/**
 * The API speaks rupees (as the spec's client does); the server keeps integer paise.
 * These two functions are the only place the two meet.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}
