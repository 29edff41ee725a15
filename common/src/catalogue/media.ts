// Media of instruction (SPEC 3.12): English, Hindi, regional and other Indian languages,
// then the mixed and catch-all choices.

export type Medium = { value: string; label: string };

// The 22 languages of the Eighth Schedule other than Hindi, A–Z.
const scheduled = [
  'Assamese',
  'Bengali',
  'Bodo',
  'Dogri',
  'Gujarati',
  'Kannada',
  'Kashmiri',
  'Konkani',
  'Maithili',
  'Malayalam',
  'Manipuri',
  'Marathi',
  'Nepali',
  'Odia',
  'Punjabi',
  'Sanskrit',
  'Santali',
  'Sindhi',
  'Tamil',
  'Telugu',
  'Urdu',
];

// Other languages used in schools, several of them state official or tribal languages.
const others = [
  'Bhili',
  'Bhutia',
  'Garo',
  'Gondi',
  'Ho',
  'Kharia',
  'Khasi',
  'Kokborok',
  'Kurukh',
  'Ladakhi',
  'Lepcha',
  'Mizo',
  'Mundari',
  'Nicobarese',
  'Tulu',
];

const toValue = (label: string): string => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const EDUCATION_MEDIA: readonly Medium[] = [
  'English',
  'Hindi',
  ...scheduled,
  ...others,
  'English-Hindi',
  'English-Regional',
  'Multilingual',
  'Other',
].map((label) => ({ value: toValue(label), label }));
