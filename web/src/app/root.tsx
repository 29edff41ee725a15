import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { Toast } from '../features/toast/toast';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

/** The app's tree, rendered into #root (main.tsx loads this module as its last step). */
export function renderApp(element: HTMLElement) {
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
          <Toast />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
