import type { Branding } from '@schooliko/common/institutes';
import { DEFAULT_THEME_COLOR, type PublicSite } from '@schooliko/common/website';
// The English strings of the public site: the static hero says what React will say in English.
import publicSiteTexts from '../../../../web/src/locales/en/publicSite.json';

/**
 * A static copy of a page's hero, painted from the HTML before any JavaScript has run. It lies
 * over #root (position absolute, opaque) so nothing React shows while it starts is seen; the page
 * removes it once it has rendered the same hero (web/src/features/branding/boot-data.ts).
 * Sizes, colours and fonts follow the React components named beside each part, so the swap
 * does not move anything.
 */
export type Shell = { css: string; html: string; image: string | null };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A CSS url() for a style attribute: every character that could end the string escaped. */
function cssUrl(url: string): string {
  const safe = url.replace(
    /[^\w\-./:?#[\]@!$&'()*+,;=%~]/g,
    (c) => `\\${(c.codePointAt(0) ?? 0).toString(16)} `,
  );
  return `url("${safe}")`;
}

const FONT = '"Montserrat Variable","Noto Sans Devanagari Variable",system-ui,sans-serif';
const WHITE_TEXT = '#fff';
const DARK_TEXT = 'rgba(0,0,0,.87)';
const SHADOW_1 = '0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)';
const SHADOW_3 = '0 3px 3px -2px rgba(0,0,0,.2),0 3px 4px 0 rgba(0,0,0,.14),0 1px 8px 0 rgba(0,0,0,.12)';
const SHADOW_4 = '0 2px 4px -1px rgba(0,0,0,.2),0 4px 5px 0 rgba(0,0,0,.14),0 1px 10px 0 rgba(0,0,0,.12)';
/** MUI's breakpoints (sm, md, lg). */
const SM = '@media(min-width:600px)';
const MD = '@media(min-width:900px)';

/** The overlay, and the page defaults MUI's CssBaseline sets once React runs (body1, background). */
const BASE_CSS = [
  'body{margin:0}',
  `#boot-shell{position:absolute;top:0;left:0;right:0;z-index:1200;min-height:100vh;background:#f5f7f8;color:${DARK_TEXT};font-family:${FONT};font-size:1rem;line-height:1.5;letter-spacing:.00938em;-webkit-font-smoothing:antialiased}`,
  '#boot-shell *{box-sizing:border-box}',
  ':where(#boot-shell h1,#boot-shell p){margin:0}',
  '.bs-cover{background-size:cover;background-position:center}',
].join('');

// ---------------------------------------------------------------------------------------------
// Auth pages: the institute half of AuthLayout (web/src/features/auth/auth-layout.tsx).

const AUTH_CSS = [
  // The form half is left empty: on a phone it lies below the hero, which keeps its own height.
  '.bs-auth{display:grid;grid-template-rows:auto 1fr;min-height:100vh}',
  '.bs-auth>section{color:#fff;background-color:#003c4f;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;gap:16px;padding:32px 24px}',
  `.bs-auth .bs-logo{width:88px;height:88px;object-fit:contain;border-radius:50%;background:#fff;padding:6px;box-shadow:${SHADOW_3}}`,
  '.bs-auth .bs-name{max-width:520px;width:100%}',
  // TypedTitle
  '.bs-auth h1{font-weight:700;font-size:26px;line-height:1.25}',
  '.bs-auth .bs-slogan{font-size:1.25rem;font-weight:400;line-height:1.6;letter-spacing:.0075em;opacity:.9;max-width:480px}',
  `${MD}{.bs-auth{grid-template-columns:5fr 7fr;grid-template-rows:none}.bs-auth>section{padding:64px 48px}.bs-auth .bs-logo{width:120px;height:120px}.bs-auth h1{font-size:36px}}`,
].join('');

export function authShell(branding: Branding): Shell {
  const cover = branding.cover_image_url;
  const background = cover
    ? `background-image:linear-gradient(rgba(0,40,52,.78),rgba(0,40,52,.9)),${cssUrl(cover)}`
    : 'background-image:linear-gradient(160deg,#003c4f 0%,#00566f 100%)';
  const name = escapeHtml(branding.institute_name);
  const logo = branding.logo_url
    ? `<img class="bs-logo" src="${escapeHtml(branding.logo_url)}" alt="" width="88" height="88">`
    : '<div class="bs-logo"></div>';
  const slogan = branding.slogan ? `<p class="bs-slogan">${escapeHtml(branding.slogan)}</p>` : '';
  return {
    css: BASE_CSS + AUTH_CSS,
    image: cover,
    html: `<div id="boot-shell"><div class="bs-auth"><section class="bs-cover" style="${escapeHtml(background)}">${logo}<div class="bs-name"><h1>${name}</h1></div>${slogan}</section><div></div></div></div>`,
  };
}

// ---------------------------------------------------------------------------------------------
// The public home page: PublicSiteLayout's top bar, then the hero of SiteHomePage or, before the
// first publish, of NotPublished (web/src/features/public-site).

/** MUI's contrast text for a palette colour: white from a 3:1 contrast on, else dark. */
function contrastText(hex: string): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= 3 ? WHITE_TEXT : DARK_TEXT;
}

/** MUI's `dark` shade of a palette colour (darken by 0.3). */
function darker(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Math.trunc(Number.parseInt(hex.slice(i, i + 2), 16) * 0.7));
  return `rgb(${r},${g},${b})`;
}

const SITE_CSS = [
  // SiteTopBar: AppBar, Container lg without gutters, Toolbar.
  `.bs-bar{position:sticky;top:0;box-shadow:${SHADOW_1}}`,
  '.bs-bar>div{max-width:1200px;margin:0 auto;display:flex;align-items:center;gap:12px;min-height:64px;padding:0 16px}',
  '.bs-brand{display:flex;align-items:center;gap:12px;min-width:0;flex-grow:1;color:inherit;text-decoration:none}',
  '.bs-brand img{width:44px;height:44px;border-radius:50%;background:#fff;object-fit:contain;padding:2px;flex-shrink:0}',
  '.bs-brand div{min-width:0}',
  '.bs-brand p{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
  '.bs-brand .bs-site-name{font-weight:700;line-height:1.2;font-size:15px}',
  '.bs-brand .bs-tagline{display:none;font-size:.75rem;line-height:1.66;letter-spacing:.03333em;opacity:.85}',
  '.bs-hero{color:#fff}',
  '.bs-container{width:100%;margin:0 auto;padding:0 16px}',
  // Buttons: MUI contained secondary and outlined, with an icon.
  '.bs-button{display:inline-flex;align-items:center;justify-content:center;border-radius:4px;font-weight:600;letter-spacing:.02857em;text-decoration:none;color:#fff;background:#2e7d32}',
  '.bs-button svg{width:1em;height:1em;fill:currentColor}',
  '.bs-button.bs-outlined{background:none;border:1px solid rgba(255,255,255,.7)}',
  // NotPublished
  '.bs-waiting{padding:80px 0;text-align:center}',
  '.bs-waiting .bs-container{max-width:900px}',
  '.bs-waiting img{width:112px;height:112px;border-radius:50%;background:#fff;object-fit:contain;padding:4px}',
  '.bs-waiting h1{font-weight:700;margin-top:24px;font-size:30px;line-height:1.167}',
  '.bs-waiting .bs-slogan{margin-top:8px;opacity:.9;font-size:18px}',
  '.bs-waiting .bs-note{margin:32px auto 0;max-width:560px}',
  '.bs-waiting .bs-button{margin-top:24px;padding:6px 16px;font-size:.875rem;line-height:1.75}',
  '.bs-waiting .bs-button svg{font-size:20px;margin:0 8px 0 -4px}',
  // SiteHomePage
  '.bs-home{padding:64px 0}',
  '.bs-home .bs-container{max-width:1200px;display:flex;flex-direction:column;gap:32px}',
  '.bs-home img{width:96px;height:96px;border-radius:50%;background:#fff;object-fit:contain;padding:6px;box-shadow:' +
    `${SHADOW_4}}`,
  '.bs-home .bs-text{max-width:760px}',
  '.bs-home .bs-overline{display:block;font-size:.75rem;line-height:2.66;letter-spacing:2px;text-transform:uppercase;opacity:.9}',
  '.bs-home h1{font-weight:800;font-size:32px;line-height:1.1;letter-spacing:-.00833em}',
  '.bs-home .bs-tagline{margin-top:12px;font-size:18px;opacity:.95}',
  '.bs-home .bs-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:32px}',
  '.bs-home .bs-button{padding:8px 22px;font-size:.9375rem;line-height:1.75}',
  '.bs-home .bs-outlined{padding:7px 21px}',
  '.bs-home .bs-button svg{font-size:22px;margin:0 -4px 0 8px}',
  `${SM}{.bs-bar>div{padding:0 24px}.bs-brand .bs-tagline{display:block}.bs-container{padding:0 24px}}`,
  `${MD}{.bs-bar>div{min-height:72px}.bs-brand .bs-site-name{font-size:18px}.bs-waiting{padding:112px 0}.bs-waiting h1{font-size:44px}.bs-home{padding:112px 0}.bs-home .bs-container{flex-direction:row;align-items:center}.bs-home img{width:136px;height:136px}.bs-home h1{font-size:52px}.bs-home .bs-tagline{font-size:22px}}`,
].join('');

const icon = (d: string) => `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${d}"/></svg>`;
const LOGIN_ICON = icon(
  'M11 7 9.6 8.4l2.6 2.6H2v2h10.2l-2.6 2.6L11 17l5-5zm9 12h-8v2h8c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-8v2h8z',
);
const ARROW_ICON = icon('m12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z');

export function siteHomeShell({ site, branding }: PublicSite): Shell {
  const colour = site?.design.theme_color || DEFAULT_THEME_COLOR;
  const name = escapeHtml(site?.institute_name || branding.institute_name);
  const logoUrl = site?.design.logo_url || branding.logo_url;
  const logo = logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="">` : '';
  const tagline = site?.tagline || branding.slogan;
  const bar = `<header class="bs-bar" style="background:${colour};color:${contrastText(colour)}"><div><a class="bs-brand" href="/homepage">${logo}<div><p class="bs-site-name">${name}</p>${tagline ? `<p class="bs-tagline">${escapeHtml(tagline)}</p>` : ''}</div></a></div></header>`;

  let hero: string;
  let image: string | null;
  if (!site) {
    image = branding.cover_image_url;
    const background = image
      ? `background-image:linear-gradient(rgba(0,0,0,.55),rgba(0,0,0,.7)),${cssUrl(image)};`
      : '';
    const note = publicSiteTexts.notPublished.text.replace('{{name}}', branding.institute_name);
    hero = `<div class="bs-hero bs-waiting bs-cover" style="${escapeHtml(`${background}background-color:${colour}`)}"><div class="bs-container">${logo}<h1>${escapeHtml(branding.institute_name)}</h1>${branding.slogan ? `<p class="bs-slogan">${escapeHtml(branding.slogan)}</p>` : ''}<p class="bs-note">${escapeHtml(note)}</p><a class="bs-button" href="/signin">${LOGIN_ICON}${escapeHtml(publicSiteTexts.notPublished.signIn)}</a></div></div>`;
  } else {
    image = site.design.banner_url || branding.cover_image_url;
    const background = image
      ? `background-image:linear-gradient(90deg,rgba(0,0,0,.72),rgba(0,0,0,.35)),${cssUrl(image)};`
      : '';
    const texts = publicSiteTexts.home;
    hero = `<div class="bs-hero bs-home bs-cover" style="${escapeHtml(`${background}background-color:${darker(colour)}`)}"><div class="bs-container">${logo}<div class="bs-text"><span class="bs-overline">${escapeHtml(texts.welcome)}</span><h1>${name}</h1>${site.tagline ? `<p class="bs-tagline">${escapeHtml(site.tagline)}</p>` : ''}<div class="bs-actions"><a class="bs-button" href="/admissions">${escapeHtml(texts.admissionsCta)}${ARROW_ICON}</a><a class="bs-button bs-outlined" href="/contact">${escapeHtml(texts.contactCta)}</a></div></div></div></div>`;
  }
  return { css: BASE_CSS + SITE_CSS, image, html: `<div id="boot-shell">${bar}${hero}</div>` };
}
