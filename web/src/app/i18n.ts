import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'mr', label: 'मराठी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'schooliko.lang';
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  hi: () => import('../locales/hi.json'),
  mr: () => import('../locales/mr.json'),
};

/** Switches every string of the app; Hindi and Marathi are loaded on first use. */
export async function setLanguage(code: LanguageCode) {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    const bundle = await loaders[code]();
    i18n.addResourceBundle(code, 'translation', bundle.default, true, true);
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  localStorage.setItem(STORAGE_KEY, code);
}

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'hi' || saved === 'mr') await setLanguage(saved);
}
