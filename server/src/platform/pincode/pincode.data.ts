import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

// The embedded India Post pincode directory, built by server/scripts/build-pincodes.mjs:
// gzip of `pincode<TAB>district<TAB>state` lines.

export type PincodePlace = { district: string; state: string };

const DATA_FILE = fileURLToPath(new URL('./pincodes.tsv.gz', import.meta.url));

let directory: Promise<Map<string, PincodePlace>> | undefined;

const load = async (): Promise<Map<string, PincodePlace>> => {
  const text = (await promisify(gunzip)(await readFile(DATA_FILE))).toString('utf8');
  const map = new Map<string, PincodePlace>();
  for (const line of text.split('\n')) {
    const [pincode, district, state] = line.split('\t');
    if (pincode && district && state) map.set(pincode, { district, state });
  }
  return map;
};

// Loaded on first use and kept; a failed load is forgotten so the next call retries.
const loadOnce = (): Promise<Map<string, PincodePlace>> => {
  directory ??= load().catch((error: unknown) => {
    directory = undefined;
    throw error;
  });
  return directory;
};

/** District and state of a 6-digit Indian pincode, or null when it is unknown or malformed. */
export const lookupPincode = async (pincode: string): Promise<PincodePlace | null> => {
  if (!/^\d{6}$/.test(pincode)) return null;
  return (await loadOnce()).get(pincode) ?? null;
};
