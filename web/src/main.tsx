import './app/fonts/latin.css';

// A tab opened before a new release asks for page chunks the server no longer has: load the new
// release once instead of showing a broken page (a second failure soon after is a real outage).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'schooliko.reloadedForNewBuild';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The tab's icon is the institute's logo (index.html names it), set once the page holds the image:
// a favicon asked for while the page's own copy is still on its way is fetched a second time.
const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"][data-logo]');
if (icon?.dataset.logo) {
  const logo = new Image();
  logo.onload = () => {
    icon.href = logo.src;
  };
  logo.src = icon.dataset.logo;
}

/** Ends the current task, so the browser can paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's modules are evaluated in steps, one task each, instead of in one long task (index.html
// preloads all of them at once, see vite.config.ts, so the steps do not wait for the network).
const { initI18n } = await import('./app/i18n');
await initI18n();
await nextTask();
await import('./app/store');
await nextTask();
await import('./app/router');
await nextTask();
const { renderApp } = await import('./app/root');
await nextTask();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
renderApp(root);
