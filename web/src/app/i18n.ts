import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'mr', label: 'मराठी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

type Bundle = Record<string, unknown>;
const STORAGE_KEY = 'schooliko.lang';

// One JSON file per feature and language (locales/<lang>/<feature>.json), so features own their
// strings; its keys live under the file's name: t('landing.welcome'). English ships with the
// first page, Hindi and Marathi load on first use.
const english = import.meta.glob<Bundle>('../locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Bundle>(['../locales/hi/*.json', '../locales/mr/*.json'], {
  import: 'default',
});

function merge(files: Record<string, Bundle>): Bundle {
  const bundle: Bundle = {};
  for (const [file, content] of Object.entries(files)) {
    const feature =
      file
        .split('/')
        .pop()
        ?.replace(/\.json$/, '') ?? '';
    bundle[feature] = content;
  }
  return bundle;
}

async function load(code: Exclude<LanguageCode, 'en'>): Promise<Bundle> {
  const entries = Object.entries(others).filter(([file]) => file.includes(`/locales/${code}/`));
  const loaded = await Promise.all(entries.map(async ([file, loader]) => [file, await loader()] as const));
  return merge(Object.fromEntries(loaded));
}

/** Devanagari glyphs for Hindi and Marathi, self-hosted and fetched only when first needed. */
function loadDevanagariFont() {
  return Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-600.css'),
  ]);
}

/** Switches every string of the app to the chosen language and remembers the choice. */
export async function setLanguage(code: LanguageCode) {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    const [bundle] = await Promise.all([load(code), loadDevanagariFont()]);
    i18n.addResourceBundle(code, 'translation', bundle, true, true);
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  localStorage.setItem(STORAGE_KEY, code);
}

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: merge(english) } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'hi' || saved === 'mr') await setLanguage(saved);
}
