import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { normaliseHost } from '@schooliko/common/hosts';
import type { Branding } from '@schooliko/common/institutes';
import { DEFAULT_THEME_COLOR, type PublicSite } from '@schooliko/common/website';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { googleSignInEnabled } from '../../config';
import { provider } from '../../kit/hooks';
import { toBranding } from '../institutes';
import type { Institute } from '../institutes/institutes.table';
import { authShell, escapeHtml, type Shell, siteHomeShell } from './shell';

/** The ids of the data blocks the web app reads at start (web/src/features/branding/boot-data.ts). */
export const BOOT_BRANDING_ID = 'schooliko-branding';
export const BOOT_PUBLIC_SITE_ID = 'schooliko-public-site';

type Route = { modules: string[]; shell?: 'auth' | 'site-home'; cover?: boolean };
const SITE_HOME: Route = {
  modules: ['src/features/public-site/public-site-layout.tsx', 'src/features/public-site/home-page.tsx'],
  shell: 'site-home',
};
const authRoute = (page: string): Route => ({ modules: [`src/features/auth/${page}.tsx`], shell: 'auth' });

/**
 * The pages whose first view the server prepares: their lazy route chunks (as
 * web/src/app/router.tsx loads them, so the browser fetches them beside the entry), whether a
 * static first paint of their hero comes with the HTML, and whether they show the cover image.
 */
const ROUTES: Record<string, Route> = {
  '/': { modules: ['src/features/landing/landing-page.tsx'], cover: true },
  '/signin': authRoute('signin-page'),
  '/signup': authRoute('signup-page'),
  '/forgot-password': authRoute('forgot-password-page'),
  '/reset-password': authRoute('reset-password-page'),
  '/homepage': SITE_HOME,
  '/home': SITE_HOME,
};

/**
 * Render-blocking CSS up to this size goes into the page itself: one round trip less. (It is the
 * @font-face rules, with font-display: swap. The fonts are not preloaded: Chromium holds the
 * first paint while a preloaded font loads, which measured later, not sooner.)
 */
const INLINE_CSS_MAX = 16_000;

type Manifest = Record<string, { file: string; imports?: string[] }>;
/** css: the stylesheet links to inline, with their content. */
type Template = { mtimeMs: number; html: string; manifest: Manifest | null; css: Map<string, string> };

/** A rendered index.html, compressed on first demand. */
export type Page = { html: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

/** JSON for a `<script type="application/json">` block: nothing in it can end the element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html as an institute's host serves it (issue 7, first view): its name, description and
 * colour in the head, its branding (what POST /api/institutes/basic-data answers) and on the
 * public home page its published site (GET /api/public/site) as JSON data blocks the web app
 * starts from, the route's chunks and the cover image preloaded, the small CSS inlined, and for
 * the auth pages and the home page a static copy of the hero that React replaces once it runs.
 * Pages are cached per cached institute object, so they are rebuilt whenever the institute
 * directory reloads or forgets the institute; and when the build's index.html changes.
 */
export class IndexPages {
  private template: Template | null = null;
  private readonly pages = new WeakMap<Institute, Map<string, Promise<Page>>>();

  constructor(
    private readonly dist: string,
    private readonly app: FastifyInstance,
  ) {}

  /**
   * The page for a path on this Host (query: the request's search parameters), or null for a
   * host no institute is served on, and when the page cannot be made (the database is down):
   * then the built index.html is served as it is.
   */
  async render(host: string | undefined, url: string, query: URLSearchParams): Promise<Page | null> {
    try {
      const institute = await this.app.institutes.byDomain(normaliseHost(host));
      return institute ? await this.page(institute, url, query) : null;
    } catch (err) {
      this.app.log.warn({ err }, 'index.html served without the institute');
      return null;
    }
  }

  private page(institute: Institute, url: string, query: URLSearchParams): Promise<Page> {
    const template = this.load();
    const route = ROUTES[url];
    // A builder's draft preview is not what the server knows to show: no static hero for it.
    const routeKey = route && !(route.shell === 'site-home' && query.get('preview') === '1') ? url : '';
    const key = `${template.mtimeMs}:${routeKey}`;
    let byRoute = this.pages.get(institute);
    if (!byRoute) {
      byRoute = new Map();
      this.pages.set(institute, byRoute);
    }
    let page = byRoute.get(key);
    if (!page) {
      page = this.build(template, institute, routeKey ? route : undefined);
      page.catch(() => byRoute.delete(key));
      byRoute.set(key, page);
    }
    return page;
  }

  /** Sends a page: brotli or gzip when the browser takes it, 304 when it has this one. */
  send(request: FastifyRequest, reply: FastifyReply, page: Page) {
    reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return reply.header('content-encoding', 'br').send(page.br);
    }
    if (/\bgzip\b/.test(accepted)) {
      page.gzip ??= gzipSync(page.html);
      return reply.header('content-encoding', 'gzip').send(page.gzip);
    }
    return reply.send(page.html);
  }

  /** The build's index.html, manifest and inlinable CSS; read again when the build changes. */
  private load(): Template {
    const file = path.join(this.dist, 'index.html');
    const { mtimeMs } = statSync(file);
    if (this.template?.mtimeMs === mtimeMs) return this.template;
    const html = readFileSync(file, 'utf8');
    let manifest: Manifest | null = null;
    try {
      manifest = JSON.parse(readFileSync(path.join(this.dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    } catch {
      manifest = null;
    }
    const css = new Map<string, string>();
    for (const [tag, href = ''] of html.matchAll(
      /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    )) {
      try {
        const content = readFileSync(path.join(this.dist, href), 'utf8');
        if (content.length <= INLINE_CSS_MAX && !content.includes('</')) css.set(tag, content);
      } catch {
        // Not inlined: the link stays.
      }
    }
    this.template = { mtimeMs, html, manifest, css };
    return this.template;
  }

  private async build(template: Template, institute: Institute, route: Route | undefined): Promise<Page> {
    const branding = toBranding(institute, googleSignInEnabled(this.app.config));
    const publicSite = route?.shell === 'site-home' ? provider('webApp.publicSite') : undefined;
    const site = publicSite ? await publicSite(this.app.database.db, institute) : null;
    const meta = site ? siteMeta(site) : brandingMeta(branding);
    let shell: Shell | null = null;
    if (route?.shell === 'auth') shell = authShell(branding);
    if (site) shell = siteHomeShell(site);

    const cover = shell?.image ?? (route?.cover ? branding.cover_image_url : null);
    const preload = cover
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(cover)}">`
      : '';
    let html = template.html;
    for (const [tag, css] of template.css) html = html.replace(tag, () => `<style>${css}</style>`);
    const tail = route ? routeChunks(template.manifest, route.modules) : [];
    const modulePreloads = tail.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);

    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /(<meta name="description" content=")[^"]*(")/,
        (_m, a, b) => `${a}${escapeHtml(meta.description)}${b}`,
      )
      .replace(
        /(<meta name="theme-color" content=")[^"]*(")/,
        (_m, a, b) => `${a}${escapeHtml(meta.colour)}${b}`,
      )
      // Before the entry script, so the browser asks for the image first.
      .replace(/<script type="module"/, (m) => (preload ? `${preload}\n    ${m}` : m))
      .replace('</head>', () =>
        [...modulePreloads, shell ? `<style>${shell.css}</style>` : '']
          .filter(Boolean)
          .map((line) => `  ${line}\n  `)
          .join('')
          .concat('</head>'),
      );
    // The tab's icon is the logo, set by the web app once the page holds the image (main.tsx).
    if (branding.logo_url) {
      html = html.replace(
        /<link rel="icon"[^>]*>/,
        () => `<link rel="icon" href="data:," data-logo="${escapeHtml(branding.logo_url ?? '')}">`,
      );
    }
    const data = [
      `<script type="application/json" id="${BOOT_BRANDING_ID}">${jsonForHtml(branding)}</script>`,
      site ? `<script type="application/json" id="${BOOT_PUBLIC_SITE_ID}">${jsonForHtml(site)}</script>` : '',
    ];
    html = html.replace('<div id="root"></div>', () =>
      ['<div id="root"></div>', shell?.html ?? '', ...data].filter(Boolean).join('\n    '),
    );
    const bytes = Buffer.from(html);
    return { html: bytes, etag: `W/"${createHash('sha1').update(bytes).digest('base64url')}"` };
  }
}

/** The files the route's lazy chunks load that the entry does not already: to preload. */
function routeChunks(manifest: Manifest | null, modules: string[]): string[] {
  if (!manifest) return [];
  const walk = (keys: string[], seen: Set<string>) => {
    for (const key of keys) {
      const entry = manifest[key];
      if (!entry || seen.has(key)) continue;
      seen.add(key);
      walk(entry.imports ?? [], seen);
    }
    return seen;
  };
  const entry = walk(['index.html'], new Set());
  const files: string[] = [];
  for (const key of walk(modules, new Set())) {
    const file = manifest[key]?.file;
    if (!entry.has(key) && file?.endsWith('.js')) files.push(file);
  }
  return files;
}

type Meta = { title: string; description: string; colour: string };

const DEFAULT_COLOUR = '#003c4f';

function brandingMeta(branding: Branding): Meta {
  return {
    title: branding.institute_name,
    description: branding.slogan ?? branding.institute_name,
    colour: DEFAULT_COLOUR,
  };
}

/** What the public home page puts in its head (as its usePageMeta does, where it can). */
function siteMeta({ site, branding }: PublicSite): Meta {
  if (!site) return { ...brandingMeta(branding), colour: DEFAULT_THEME_COLOR };
  return {
    title: site.tagline ? `${site.institute_name} — ${site.tagline}` : site.institute_name,
    description: (site.description || site.tagline || branding.slogan || site.institute_name).slice(0, 300),
    colour: site.design.theme_color || DEFAULT_THEME_COLOR,
  };
}
