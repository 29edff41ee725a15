import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { DEFAULT_THEME_COLOR, type PublicSiteContent } from '@schooliko/common/website';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { theme as appTheme } from '../../app/theme';
import { PageLoader } from '../../layout/page-loader';
import { useBootShellDone } from '../branding';
import { NotPublished } from './not-published';
import { SiteFooter } from './site-footer';
import { SiteTopBar } from './site-top-bar';
import { type SiteContext, useSiteData } from './use-site';

/**
 * In the preview, every email address and phone number the site will show (the contact block's
 * and the principal's), so nothing personal goes public unnoticed.
 */
function PublicContacts({ site }: { site: PublicSiteContent }) {
  const { t } = useTranslation();
  const { contact: c, principal: p } = site;
  const list = [...new Set([c.email, c.phone, p.email, p.phone].filter(Boolean))].join(', ');
  return (
    <Box sx={{ fontWeight: 600, mt: 0.5 }}>
      {list ? t('publicSite.preview.publicContacts', { list }) : t('publicSite.preview.noContacts')}
    </Box>
  );
}

/**
 * The institute's public site (spec 1, 2.3): the public top bar and no sidebar, in the site's own
 * theme colour. Pages get the published content (or, for its managers, the draft) from here.
 */
export default function PublicSiteLayout() {
  const { t } = useTranslation();
  const state = useSiteData();
  const site = state.data?.site ?? null;
  const branding = state.data?.branding;
  const colour = site?.design.theme_color || DEFAULT_THEME_COLOR;
  // The whole primary colour (light, dark and text too) comes from the site's theme colour.
  const theme = useMemo(
    () =>
      createTheme(appTheme, {
        palette: { primary: appTheme.palette.augmentColor({ color: { main: colour } }) },
      }),
    [colour],
  );
  const query = state.preview ? '?preview=1' : '';
  // The pages remove the static copy of their hero; a failed load shows the message instead.
  useBootShellDone(!state.isLoading && (state.isError || !branding));

  if (state.isLoading) return <PageLoader />;
  if (state.isError || !state.data || !branding) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={state.refetch}>
              {t('profile.retry')}
            </Button>
          }
        >
          {t('publicSite.loadFailed')}
        </Alert>
      </Container>
    );
  }

  const name = site?.institute_name || branding.institute_name;
  const logo = site?.design.logo_url || branding.logo_url;
  const context: SiteContext | null = site ? { site, branding, preview: state.preview, query } : null;

  return (
    <ThemeProvider theme={theme}>
      <Box
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <SiteTopBar
          name={name}
          tagline={site?.tagline || branding.slogan || ''}
          logoUrl={logo}
          query={query}
        />
        {state.preview && (
          <Alert
            severity="info"
            square
            action={
              <Button component={RouterLink} to="/create-website" color="inherit" size="small">
                {t('publicSite.preview.back')}
              </Button>
            }
          >
            {t('publicSite.preview.note')}
            {site && <PublicContacts site={site} />}
          </Alert>
        )}
        {state.previewRefused && (
          <Alert severity="warning" square>
            {t('publicSite.preview.refused')}
          </Alert>
        )}
        <Box component="main" sx={{ flexGrow: 1 }}>
          {context ? (
            <Suspense fallback={<PageLoader />}>
              <Outlet context={context} />
            </Suspense>
          ) : (
            <NotPublished branding={branding} />
          )}
        </Box>
        <SiteFooter site={site} contact={state.data.contact} name={name} query={query} />
      </Box>
    </ThemeProvider>
  );
}
