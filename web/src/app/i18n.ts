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
// strings; its keys live under the file's name: t('landing.welcome'). The English strings of
// the first view (landing, auth pages, shell) ship with the entry; the shell's other English
// files load in one chunk with the first page that needs them (loadAllStrings, later-strings.ts);
// every other English file is a module's (kit/module.ts, `strings`) and loads with its pages
// (loadModuleStrings), so the shell and the public site do not grow with every module. Hindi and
// Marathi load on first use. (import.meta.glob takes literal patterns only, so the first-view
// list is written twice here, and the shell's later list here and in later-strings.ts.)
const english = import.meta.glob<Bundle>(
  '../locales/en/{auth,common,home,landing,notifications,shell,sidebar,toast,unauthorized}.json',
  { eager: true, import: 'default' },
);
const moduleEnglish = import.meta.glob<Bundle>(
  [
    '../locales/en/*.json',
    '!../locales/en/{auth,common,home,landing,notifications,shell,sidebar,toast,unauthorized}.json',
    '!../locales/en/{account,dashboard,domainRegistration,google,groups,lists,people,profile,publicSite}.json',
  ],
  { import: 'default' },
);
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

async function load(loaders: Record<string, () => Promise<Bundle>>): Promise<Bundle> {
  const loaded = await Promise.all(
    Object.entries(loaders).map(async ([file, loader]) => [file, await loader()] as const),
  );
  return merge(Object.fromEntries(loaded));
}

function loadLanguage(code: Exclude<LanguageCode, 'en'>): Promise<Bundle> {
  return load(
    Object.fromEntries(Object.entries(others).filter(([file]) => file.includes(`/locales/${code}/`))),
  );
}

let allEnglish: Promise<void> | undefined;

/**
 * The shell's English strings beyond the first view; pages outside it wait for them
 * (app/lazy-page.tsx). The modules' strings are not among them: they come with their pages.
 */
export function loadAllStrings(): Promise<void> {
  allEnglish ??= import('./later-strings').then(({ LATER_ENGLISH }) => {
    i18n.addResourceBundle('en', 'translation', merge(LATER_ENGLISH), true, false);
  });
  return allEnglish;
}

const loadedModules = new Map<string, Promise<void>>();

/** A module's English strings (locales/en/<module>.json), loaded once with its first page. */
export function loadModuleStrings(module: string): Promise<void> {
  const loader = moduleEnglish[`../locales/en/${module}.json`];
  if (!loader) return Promise.resolve();
  let loading = loadedModules.get(module);
  if (!loading) {
    loading = loader().then((bundle) => {
      i18n.addResourceBundle('en', 'translation', { [module]: bundle }, true, false);
    });
    loadedModules.set(module, loading);
  }
  return loading;
}

/** Devanagari glyphs for Hindi and Marathi, self-hosted and fetched only when first needed. */
function loadDevanagariFont() {
  return import('./fonts/devanagari.css');
}

/** Switches every string of the app to the chosen language and remembers the choice. */
export async function setLanguage(code: LanguageCode) {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    const [bundle] = await Promise.all([loadLanguage(code), loadDevanagariFont()]);
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
