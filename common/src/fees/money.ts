/**
 * Money is integer paise everywhere (MODULES.md, cross-cutting rules): never a float. These turn
 * paise into what people read: "₹1,23,456.00" in the Indian grouping, and the words a receipt
 * carries ("Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Only").
 */

/** "1,23,456": the last three digits, then pairs (lakh, crore). */
function indianGrouping(whole: bigint): string {
  const digits = whole.toString();
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** ₹1,23,456.00 for 12345600 paise; a minus sign in front of ₹ for a negative amount. */
export function formatRupees(paise: number, options: { symbol?: boolean } = {}): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`not an amount in paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = BigInt(Math.abs(paise));
  const text = `${indianGrouping(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}`;
  return `${sign}${options.symbol === false ? '' : '₹'}${text}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ten = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? ten : `${ten} ${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees One Thousand Two Hundred Fifty and Paise Fifty Only" for 125050 paise. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and Paise ${belowHundred(p)}` : ''} Only`;
}

/** The Indian financial year a date falls in (April to March): "2026-27" for 2027-01-15. */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Rupees typed in a form ("1,250.50", "1250") as paise, or null when it is not an amount. */
export function paiseFromRupees(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
