import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, type Theme, ThemeProvider } from '@mui/material/styles';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { Toast } from '../kit/toast/toast';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

/**
 * The app's theme, with MUI's own words in the reader's language (app/mui-locale.ts): English
 * keeps MUI's, so the first view loads none of it; Hindi and Marathi fetch it with their strings.
 */
function LocalTheme({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [local, setLocal] = useState<Theme>(theme);
  useEffect(() => {
    if (language === 'en') {
      setLocal(theme);
      return;
    }
    let current = true;
    void import('./mui-locale').then(({ muiLocale }) => {
      if (current) setLocal(createTheme(theme, muiLocale(t, language)));
    });
    return () => {
      current = false;
    };
  }, [t, language]);
  return <ThemeProvider theme={local}>{children}</ThemeProvider>;
}

/** The app's tree, rendered into #root (main.tsx loads this module as its last step). */
export function renderApp(element: HTMLElement) {
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <LocalTheme>
          <CssBaseline />
          <RouterProvider router={router} />
          <Toast />
        </LocalTheme>
      </Provider>
    </StrictMode>,
  );
}
