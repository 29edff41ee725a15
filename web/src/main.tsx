import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-500.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { initI18n } from './app/i18n';
import { router } from './app/router';
import { persistor, store } from './app/store';
import { theme } from './app/theme';
import { Toast } from './features/toast/toast';
import { PageLoader } from './layout/page-loader';

// A tab opened before a new release asks for page chunks the server no longer has: load the new
// release once instead of showing a broken page (a second failure soon after is a real outage).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'schooliko.reloadedForNewBuild';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<PageLoader />} persistor={persistor}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
          <Toast />
        </ThemeProvider>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
