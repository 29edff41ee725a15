// `node bench/static-signin.mjs` (after a build): what the alternative of ADR 011 would weigh, the
// sign-in form as static HTML from the server with a small script instead of React and MUI.
// A prototype, measured the way bench/first-views.mjs counts (cold cache, all bytes, text
// gzip-compressed):
// 1. /signin: the page the server sends today (its static hero, branding and font CSS) without its
//    module scripts, with the form's markup and styles, and one small script that posts the form;
// 2. the admin dashboard that the React app then paints, loaded with the session of a sign-in and
//    a cold cache, less what the static page already fetched (font, logo, cover).
// It prints both and their sum beside issue 16's targets.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer, stopServer, table } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_STATIC_PORT ?? 3923);
const base = `http://127.0.0.1:${PORT}`;

/** The form half of the auth layout, as plain HTML (labels, native select, links). */
const FORM = `<main class="sf"><form method="post" action="/api/auth/signin" id="signin">
<h2>Sign In</h2><p>Welcome back! Please sign in to continue.</p>
<label>Email<input name="email" type="email" autocomplete="username" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<label>Role<select name="role" required><option value="">Choose…</option><option value="admin">Admin</option>
<option value="director">Director</option><option value="teacher">Teacher</option><option value="student">Student</option>
<option value="parent">Parent</option></select></label>
<p class="sf-error" role="alert" hidden></p>
<button type="submit">Sign In</button>
<p><a href="/forgot-password">Forgot password?</a> · <a href="/signup">Sign up</a></p>
<p><label>Language<select name="lang"><option>English</option><option>हिन्दी</option><option>मराठी</option></select></label></p>
</form></main>`;
const FORM_CSS = `.sf{display:flex;justify-content:center;padding:32px 16px;font-family:"Montserrat Variable",system-ui,sans-serif}
.sf form{width:100%;max-width:420px;display:flex;flex-direction:column;gap:16px}.sf h2{margin:0;font-size:1.5rem;font-weight:700;color:#003c4f}
.sf label{display:flex;flex-direction:column;gap:4px;font-size:.875rem;color:rgba(0,0,0,.6)}
.sf input,.sf select{font:inherit;font-size:1rem;padding:8.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:4px;min-height:40px}
.sf input:focus,.sf select:focus{outline:2px solid #003c4f;outline-offset:-1px}
.sf button{font:inherit;font-weight:600;padding:8px 22px;border:0;border-radius:4px;background:#003c4f;color:#fff;cursor:pointer}
.sf a{color:#003c4f}.sf-error{color:#d32f2f}@media(min-width:900px){.bs-auth>div{display:flex;align-items:center}}`;
/** What the form's script does: post the form as JSON, then open the role's home (or say why not). */
const SCRIPT = `const f=document.getElementById('signin'),e=f.querySelector('.sf-error');
const b=JSON.parse(document.getElementById('boot-branding')?.textContent||'{}');
f.addEventListener('submit',async(v)=>{v.preventDefault();e.hidden=true;const d=Object.fromEntries(new FormData(f));delete d.lang;
const r=await fetch('/api/auth/signin',{method:'POST',headers:{'content-type':'application/json'},credentials:'include',
body:JSON.stringify({...d,institute_id:b.institute_id||undefined})});const j=await r.json().catch(()=>({}));
if(!r.ok){e.textContent=j.message||'Sign in failed';e.hidden=false;return}
localStorage.setItem('schooliko.static-session',JSON.stringify(j.data));location.assign('/'+d.role+'/dashboard')});`;

const TEXT = /text|javascript|json|css|svg|xml/;
const kb = (bytes) => Math.round(bytes / 100) / 10;

/** Counts a page's network responses (not those from the cache) while `run` goes. */
async function count(context, page, run, skip = () => false) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const rows = new Map();
  const pending = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
    rows.set(requestId, { url: request.url.replace(base, ''), cached: false, bytes: 0, type: '' }),
  );
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const r = rows.get(requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const r = rows.get(requestId);
    if (r) {
      r.type = response.mimeType;
      if (response.fromDiskCache) r.cached = true;
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    const r = rows.get(requestId);
    if (!r || r.cached) return;
    pending.push(
      cdp
        .send('Network.getResponseBody', { requestId })
        .then(({ body, base64Encoded }) => {
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          r.bytes = TEXT.test(r.type) ? gzipSync(bytes, { level: 9 }).length : bytes.length;
        })
        .catch(() => {}),
    );
  });
  await run();
  await Promise.all(pending);
  const fetched = [...rows.values()].filter((r) => !r.cached && !r.url.startsWith('data:') && !skip(r.url));
  return { kB: kb(fetched.reduce((t, r) => t + r.bytes, 0)), requests: fetched.length };
}

const dataDir = path.join(tmpdir(), 'schooliko-static-signin');
rmSync(dataDir, { recursive: true, force: true });
const server = await startServer(
  'app',
  [path.join(root, 'scripts/start.mjs'), '--no-build'],
  { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  `${base}/api/health`,
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const served = await (await fetch(`${base}/signin`)).text();
  const html = served
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `<style>${FORM_CSS}</style></head>`)
    .replace('<div></div></div></div>', `<div>${FORM}</div></div></div>`)
    .replace('</body>', '<script type="module" src="/assets/static-signin.js"></script></body>');

  // 1. The static sign-in page, and the sign-in itself (the API answer counts).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route(`${base}/signin`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await context.route(`${base}/assets/static-signin.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: SCRIPT }),
  );
  const page = await context.newPage();
  const signin = await count(context, page, async () => {
    await page.goto(`${base}/signin`);
    await page.waitForLoadState('networkidle');
  });
  await page.fill('input[name=email]', 'admin@schooliko.dev');
  await page.fill('input[name=password]', 'Schooliko@123');
  await page.selectOption('select[name=role]', 'admin');
  // The answer is read on its way (its body is gone once the page has moved on).
  const signInAnswer = { kB: 0, requests: 1 };
  await context.route(`${base}/api/auth/signin`, async (route) => {
    const response = await route.fetch();
    signInAnswer.kB = kb(gzipSync(await response.body(), { level: 9 }).length);
    await route.fulfill({ response });
  });
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
  await context.close();

  // 2. The React app's admin dashboard with a signed-in session, cold but for what the static
  // page fetched: signed in through the React form in a context of its own, then its cache cleared.
  const spa = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const spaPage = await spa.newPage();
  await spaPage.goto(`${base}/signin`);
  const form = spaPage.getByRole('main');
  await form.getByLabel('Email').fill('admin@schooliko.dev');
  await form.getByLabel('Password', { exact: true }).fill('Schooliko@123');
  await form.getByRole('combobox', { name: 'Role' }).click();
  await spaPage.getByRole('option', { name: 'Admin', exact: true }).click();
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await spaPage.waitForURL('**/admin/dashboard');
  await spaPage.goto('about:blank');
  const cdp = await spa.newCDPSession(spaPage);
  await cdp.send('Network.clearBrowserCache');
  const shared = (url) => url.startsWith('/images/') || url.endsWith('.woff2');
  const dashboard = await count(
    spa,
    spaPage,
    async () => {
      await spaPage.goto(`${base}/admin/dashboard`);
      await spaPage.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await spaPage.waitForLoadState('networkidle');
    },
    shared,
  );
  const total = {
    kB: Math.round((signin.kB + signInAnswer.kB + dashboard.kB) * 10) / 10,
    requests: signin.requests + signInAnswer.requests + dashboard.requests,
  };
  console.log(
    table([
      { part: 'static /signin', kB: signin.kB, requests: signin.requests, target: '≤ 170 kB, ≤ 20 req' },
      { part: 'POST /api/auth/signin', kB: signInAnswer.kB, requests: signInAnswer.requests, target: '' },
      { part: 'React admin dashboard', kB: dashboard.kB, requests: dashboard.requests, target: '' },
      { part: 'sign-in → dashboard', kB: total.kB, requests: total.requests, target: '< 293.6 kB' },
    ]),
  );
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
