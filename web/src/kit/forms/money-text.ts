import { paiseFromRupees } from '@schooliko/common/fees/money';

/**
 * Money is kept in integer paise; people type rupees with at most two decimals, as they write
 * them ("1250.50", "₹12,500", "1,25,000"). An empty box is null, anything else that is not rupees
 * is NaN (the schema then refuses it).
 */
export function paiseOfRupees(text: string): number | null {
  if (text.trim() === '') return null;
  return paiseFromRupees(text) ?? Number.NaN;
}

/** The rupees to show in a box for a paise amount: 125050 → "1250.5", none → "". */
export function rupeesOfPaise(paise: number | null | undefined): string {
  return paise === null || paise === undefined || Number.isNaN(paise) ? '' : String(paise / 100);
}
