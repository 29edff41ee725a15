import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { Toast } from '../features/toast/toast';
import { PageLoader } from '../layout/page-loader';
import { router } from './router';
import { persistor, store } from './store';
import { theme } from './theme';

/** The app's tree, rendered into #root (main.tsx loads this module as its last step). */
export function renderApp(element: HTMLElement) {
  createRoot(element).render(
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
}
