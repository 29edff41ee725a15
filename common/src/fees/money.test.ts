import { describe, expect, it } from 'vitest';
import { financialYearOf, formatRupees, numberInWords, paiseFromRupees, rupeesInWords } from './money';

describe('money in paise', () => {
  it('formats in the Indian grouping', () => {
    expect(formatRupees(12345600)).toBe('₹1,23,456.00');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(99)).toBe('₹0.99');
    expect(formatRupees(100000)).toBe('₹1,000.00');
    expect(formatRupees(-250050)).toBe('-₹2,500.50');
    expect(formatRupees(5, { symbol: false })).toBe('0.05');
    expect(() => formatRupees(1.5)).toThrow();
  });

  it('says amounts in words the Indian way', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(115)).toBe('One Hundred Fifteen');
    expect(numberInWords(123456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(numberInWords(10_00_00_000)).toBe('Ten Crore');
    expect(numberInWords(2_05_00_010)).toBe('Two Crore Five Lakh Ten');
    expect(rupeesInWords(12345600)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Only');
    expect(rupeesInWords(125050)).toBe('Rupees One Thousand Two Hundred Fifty and Paise Fifty Only');
  });

  it('finds the financial year (April to March)', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('reads rupees typed in a form', () => {
    expect(paiseFromRupees('1,250.50')).toBe(125050);
    expect(paiseFromRupees('₹ 1250')).toBe(125000);
    expect(paiseFromRupees('0.5')).toBe(50);
    expect(paiseFromRupees('12.345')).toBeNull();
    expect(paiseFromRupees('-5')).toBeNull();
    expect(paiseFromRupees('abc')).toBeNull();
  });
});

describe('instalment plans', () => {
  it('falls on the 10th of each plan month from the year start', async () => {
    const { instalmentsFor } = await import('./fees');
    expect(instalmentsFor('quarterly', '2026-04-01')).toEqual([
      { label: 'Quarter 1', due_on: '2026-04-10' },
      { label: 'Quarter 2', due_on: '2026-07-10' },
      { label: 'Quarter 3', due_on: '2026-10-10' },
      { label: 'Quarter 4', due_on: '2027-01-10' },
    ]);
    expect(instalmentsFor('term', '2026-06-01').map((i) => i.due_on)).toEqual(['2026-06-10', '2026-12-10']);
    const monthly = instalmentsFor('monthly', '2026-04-01');
    expect(monthly).toHaveLength(12);
    expect(monthly[11]).toEqual({ label: 'March', due_on: '2027-03-10' });
    expect(instalmentsFor('annual', '2026-04-01')).toEqual([{ label: 'Annual', due_on: '2026-04-10' }]);
  });
});
