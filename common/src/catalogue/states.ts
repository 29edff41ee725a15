// India's 28 states and 8 union territories as they stand today (SPEC 2.10), and a
// normaliser for the older or variant names found in postal and other data.

export type StateKind = 'state' | 'union-territory';

export type IndianState = { name: string; kind: StateKind };

const stateNames = [
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
];

const unionTerritoryNames = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
];

export const STATES_AND_UNION_TERRITORIES: readonly IndianState[] = [
  ...stateNames.map((name): IndianState => ({ name, kind: 'state' })),
  ...unionTerritoryNames.map((name): IndianState => ({ name, kind: 'union-territory' })),
];

/** All 36 names, A–Z: the contact form's state list. */
export const INDIAN_STATES: readonly string[] = STATES_AND_UNION_TERRITORIES.map((s) => s.name).sort((a, b) =>
  a.localeCompare(b, 'en'),
);

// Compares names case-, punctuation- and '&'-insensitively.
const keyOf = (raw: string): string =>
  raw
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');

const DNHDD = 'Dadra and Nagar Haveli and Daman and Diu';

// Old names, misspellings and short forms, keyed by keyOf().
const aliases: Record<string, string> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  chattisgarh: 'Chhattisgarh',
  chhatisgarh: 'Chhattisgarh',
  chattisgadh: 'Chhattisgarh',
  tamilnadu: 'Tamil Nadu',
  telengana: 'Telangana',
  'dadra and nagar haveli': DNHDD,
  'daman and diu': DNHDD,
  'the dadra and nagar haveli and daman and diu': DNHDD,
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  'andaman nicobar islands': 'Andaman and Nicobar Islands',
  'andaman nicobar': 'Andaman and Nicobar Islands',
  'jammu kashmir': 'Jammu and Kashmir',
  'new delhi': 'Delhi',
  'nct of delhi': 'Delhi',
  'national capital territory of delhi': 'Delhi',
};

const byKey = new Map<string, string>([
  ...INDIAN_STATES.map((name): [string, string] => [keyOf(name), name]),
  ...Object.entries(aliases),
]);

/** Today's name of a state or union territory, or null when the name is not recognised. */
export const normaliseStateName = (raw: string): string | null => byKey.get(keyOf(raw)) ?? null;

export const isUnionTerritory = (name: string): boolean =>
  unionTerritoryNames.includes(normaliseStateName(name) ?? '');
