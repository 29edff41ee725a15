import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller, sampleContent } from '../../modules/website/website.test-helpers';
import { as, makeInstitute } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { institutes } from '../institutes/institutes.table';

/** A build as Vite writes it: index.html, the manifest, the font CSS and the chunks. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," data-logo="/images/school-logos/logo-1.png" />
    <meta name="theme-color" content="#003c4f" />
    <meta name="description" content="Schooliko: school management." />
    <title>Schooliko</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-S1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const CSS =
  '@font-face{font-family:Montserrat;font-display:swap;src:url(/assets/m-400.woff2)format("woff2")}';
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', imports: ['_shared-S1.js'] },
  '_shared-S1.js': { file: 'assets/shared-S1.js' },
  '_form-F1.js': { file: 'assets/form-F1.js', imports: ['_shared-S1.js'] },
  'src/features/auth/signin-page.tsx': { file: 'assets/signin-page-P1.js', imports: ['_form-F1.js'] },
  'src/features/landing/landing-page.tsx': { file: 'assets/landing-page-L1.js' },
  'src/features/public-site/public-site-layout.tsx': { file: 'assets/site-layout-Y1.js' },
  'src/features/public-site/home-page.tsx': { file: 'assets/site-home-H1.js' },
};

const HOSTILE_NAME = 'St. Mary\'s </script><script>alert("x")</script> & Sons';
const SLOGAN = 'Line\u2028one\u2029two <b>bold</b>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'schooliko-dist-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(dist, 'assets/index-C1.css'), CSS);
  mkdirSync(path.join(dist, 'images'));
  writeFileSync(path.join(dist, 'images/logo.png'), 'png');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => t.reset());

const page = (host: string, url = '/signin', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

/** The raw text of a `<script type="application/json">` block. */
function rawBlock(html: string, id: string): string | undefined {
  return html.match(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`))?.[1];
}
const dataBlock = (html: string, id: string): unknown => JSON.parse(rawBlock(html, id) ?? 'null');

async function school() {
  return makeInstitute(t.database.db, {
    name: HOSTILE_NAME,
    domain: 'stmarys.example.in',
    slogan: SLOGAN,
    logoUrl: '/uploads/logo.png',
    coverImageUrl: '/uploads/cover "1".jpg',
  });
}

const ESCAPED_NAME =
  'St. Mary&#39;s &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons';

describe("index.html on an institute's host", () => {
  it('carries the branding basic-data answers, escaped so it cannot end its script element', async () => {
    const institute = await school();
    const res = await page(institute.domain);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');

    const basicData = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: institute.domain },
    });
    expect(dataBlock(res.body, 'schooliko-branding')).toEqual(basicData.json().data);
    const raw = rawBlock(res.body, 'schooliko-branding');
    // The name's </script> and the slogan's line separators only appear escaped.
    expect(raw).toContain(
      '"institute_name":"St. Mary\'s \\u003c/script\\u003e\\u003cscript\\u003ealert(\\"x\\")',
    );
    expect(raw).toContain('"slogan":"Line\\u2028one\\u2029two \\u003cb\\u003ebold\\u003c/b\\u003e"');
    expect(raw).not.toMatch(/[<>\u2028\u2029]/);
    expect(res.body).not.toContain('</script><script>alert');
  });

  it("names the institute in the head, preloads the cover and the route's own chunks, inlines the CSS", async () => {
    const institute = await school();
    const html = (await page(institute.domain)).body;
    expect(html).toContain(`<title>${ESCAPED_NAME}</title>`);
    expect(html).toContain(
      '<meta name="description" content="Line\u2028one\u2029two &lt;b&gt;bold&lt;/b&gt;" />',
    );
    expect(html).toContain('<meta name="theme-color" content="#003c4f" />');
    expect(html).toContain('<link rel="icon" href="data:," data-logo="/uploads/logo.png">');
    // The cover, asked for before the entry script.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/cover &quot;1&quot;.jpg">\n    <script type="module" crossorigin src="/assets/index-E1.js"></script>',
    );
    // The sign-in chunk and what it imports, but not what the entry already preloads.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/signin-page-P1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form-F1.js">');
    expect(html.match(/shared-S1\.js/g)).toHaveLength(1);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('index-C1.css');
  });

  it('paints the hero of the auth page before any script: logo, name and slogan on the cover', async () => {
    const institute = await school();
    const html = (await page(institute.domain)).body;
    expect(html).toContain(
      '<div id="root"></div>\n    <div id="boot-shell"><div class="bs-auth"><section class="bs-cover" style="background-image:linear-gradient(rgba(0,40,52,.78),rgba(0,40,52,.9)),url(&quot;/uploads/cover\\20 \\22 1\\22 .jpg&quot;)">' +
        '<img class="bs-logo" src="/uploads/logo.png" alt="" width="88" height="88">' +
        `<div class="bs-name"><h1>${ESCAPED_NAME}</h1></div>` +
        '<p class="bs-slogan">Line\u2028one\u2029two &lt;b&gt;bold&lt;/b&gt;</p></section><div></div></div></div>',
    );
  });

  it('on the landing page preloads the cover but paints no hero; elsewhere only the branding', async () => {
    const institute = await school();
    const landing = (await page(institute.domain, '/')).body;
    expect(dataBlock(landing, 'schooliko-branding')).toMatchObject({ institute_id: institute.id });
    expect(landing).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/cover &quot;1&quot;.jpg">',
    );
    expect(landing).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-page-L1.js">');
    expect(landing).not.toContain('boot-shell');

    const other = (await page(institute.domain, '/admin/dashboard')).body;
    expect(dataBlock(other, 'schooliko-branding')).toMatchObject({ institute_id: institute.id });
    expect(other).not.toContain('rel="preload"');
    expect(other).not.toContain('boot-shell');
    expect(other.match(/rel="modulepreload"/g)).toHaveLength(1);
  });

  it('on the public home page carries the site as GET /api/public/site answers it, and its hero', async () => {
    const institute = await makeInstitute(t.database.db, {
      name: 'Sunrise Public School',
      domain: 'sunrise.example.in',
      coverImageUrl: '/uploads/cover.jpg',
    });
    const before = (await page(institute.domain, '/homepage')).body;
    const site = await t.app.inject({ method: 'GET', url: '/api/public/site', headers: as(institute) });
    expect(dataBlock(before, 'schooliko-public-site')).toEqual(site.json().data);
    expect(before).toContain(
      '<p class="bs-note">The website of Sunrise Public School is being prepared. Please visit again soon, or contact the institute office.</p><a class="bs-button" href="/signin">',
    );

    // Publishing forgets the cached institute, and with it the page.
    const { headers } = await caller(t.app, institute, 'admin');
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers,
      payload: sampleContent({
        design: { theme_color: '#7b1fa2', logo_url: '', banner_url: '/uploads/banner.jpg' },
      }),
    });
    expect(published.statusCode).toBe(200);
    const after = (await page(institute.domain, '/homepage')).body;
    const siteNow = await t.app.inject({ method: 'GET', url: '/api/public/site', headers: as(institute) });
    expect(dataBlock(after, 'schooliko-public-site')).toEqual(siteNow.json().data);
    expect(after).toContain('<title>Sunrise Public School — Learn, lead, serve</title>');
    expect(after).toContain('<meta name="theme-color" content="#7b1fa2" />');
    expect(after).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/banner.jpg">',
    );
    expect(after).toContain('<span class="bs-overline">Welcome to</span><h1>Sunrise Public School</h1>');
    expect(after).not.toContain('<p class="bs-note">');

    // A builder's preview is not what the server knows: the branding only.
    const preview = (await page(institute.domain, '/homepage?preview=1')).body;
    expect(preview).not.toContain('boot-shell');
    expect(rawBlock(preview, 'schooliko-public-site')).toBeUndefined();
  });

  it('is rebuilt when the institute changes and is forgotten', async () => {
    const institute = await school();
    expect((await page(institute.domain)).body).toContain(`<h1>${ESCAPED_NAME}</h1>`);
    await t.database.db
      .update(institutes)
      .set({ name: 'St. Mary School' })
      .where(eq(institutes.id, institute.id));
    t.app.institutes.forget(institute.domain);
    const html = (await page(institute.domain)).body;
    expect(html).toContain('<h1>St. Mary School</h1>');
    expect(dataBlock(html, 'schooliko-branding')).toMatchObject({ institute_name: 'St. Mary School' });
  });

  it('comes compressed when the browser takes it, and as 304 when the browser has it', async () => {
    const institute = await school();
    const plain = await page(institute.domain);
    const br = await page(institute.domain, '/signin', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const etag = String(plain.headers.etag);
    const again = await page(institute.domain, '/signin', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('index.html on any other host', () => {
  it('is the build as it is, on every page path', async () => {
    await school();
    for (const url of ['/', '/signin', '/homepage']) {
      const res = await page('unknown.example.org', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('leaves /api and files to their 404', async () => {
    const institute = await school();
    expect((await page(institute.domain, '/api/nothing')).statusCode).toBe(404);
    expect((await page(institute.domain, '/missing.js')).statusCode).toBe(404);
  });

  it('caches hashed assets for a year and the named images for a week, checked again after', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/assets/index-C1.css' });
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await t.app.inject({ method: 'GET', url: '/images/logo.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=2592000');
  });
});
