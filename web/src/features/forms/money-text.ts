/**
 * Money is kept in integer paise; people type rupees with at most two decimals ("1250.50").
 * An empty box is null, anything else that is not rupees is NaN (the schema then refuses it).
 */
export function paiseOfRupees(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

/** The rupees to show in a box for a paise amount: 125050 → "1250.5", none → "". */
export function rupeesOfPaise(paise: number | null | undefined): string {
  return paise === null || paise === undefined || Number.isNaN(paise) ? '' : String(paise / 100);
}
