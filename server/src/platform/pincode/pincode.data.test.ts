import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@schooliko/common/catalogue/states';
import { describe, expect, it } from 'vitest';
import { lookupPincode } from './pincode.data';

describe('lookupPincode', () => {
  it.each([
    ['411001', 'Pune', 'Maharashtra'],
    ['500001', 'Hyderabad', 'Telangana'],
    ['194101', 'Leh', 'Ladakh'],
    ['194103', 'Kargil', 'Ladakh'],
    ['396210', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['396230', 'Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['751001', 'Khorda', 'Odisha'],
    ['605001', 'Pondicherry', 'Puducherry'],
  ])('finds %s in %s, %s', async (pincode, district, state) => {
    expect(await lookupPincode(pincode)).toEqual({ district, state });
  });

  it.each(['000000', '12345', '1234567', 'abcdef', ''])('answers null for %j', async (pincode) => {
    expect(await lookupPincode(pincode)).toBeNull();
  });

  it('names only today’s 28 states and 8 union territories, one line per pincode', () => {
    const file = fileURLToPath(new URL('./pincodes.tsv.gz', import.meta.url));
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
    const pincodes = lines.map((l) => l.split('\t')[0]);
    const states = new Set(lines.map((l) => l.split('\t')[2]));
    expect(lines.length).toBeGreaterThan(19000);
    expect(new Set(pincodes).size).toBe(lines.length);
    expect([...states].filter((s) => !INDIAN_STATES.includes(s ?? ''))).toEqual([]);
    expect(states.size).toBe(36);
  });
});
