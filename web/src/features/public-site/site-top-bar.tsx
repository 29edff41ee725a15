import Login from '@mui/icons-material/Login';
import Menu from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { navKey, SITE_NAV } from './site-nav';

type Props = { name: string; tagline: string; logoUrl: string | null; query: string };

const isCurrent = (pathname: string, path: string) =>
  pathname === path || (path === '/homepage' && pathname === '/home');

/** Spec 1's public top bar: Home, About, Admissions, Faculty, Students, Contact, Pay Fees, Login. */
export function SiteTopBar({ name, tagline, logoUrl, query }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const links = SITE_NAV.map(({ page, path }) => ({ path, label: t(`publicSite.nav.${navKey(page)}`) }));

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 64, md: 72 } }}>
          <Box
            component={RouterLink}
            to={`/homepage${query}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: 'inherit',
              textDecoration: 'none',
              minWidth: 0,
              flexGrow: 1,
            }}
          >
            {logoUrl && (
              <Box
                component="img"
                src={logoUrl}
                alt={t('publicSite.logoAlt', { name })}
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  bgcolor: 'common.white',
                  objectFit: 'contain',
                  p: 0.25,
                  flexShrink: 0,
                }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography
                component="p"
                sx={{ fontWeight: 700, lineHeight: 1.2, fontSize: { xs: 15, md: 18 } }}
                noWrap
              >
                {name}
              </Typography>
              {tagline && (
                <Typography
                  component="p"
                  variant="caption"
                  sx={{ opacity: 0.85, display: { xs: 'none', sm: 'block' } }}
                  noWrap
                >
                  {tagline}
                </Typography>
              )}
            </Box>
          </Box>
          <Box
            component="nav"
            aria-label={t('publicSite.navLabel')}
            sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.25 }}
          >
            {links.map((l) => (
              <Button
                key={l.path}
                component={RouterLink}
                to={`${l.path}${query}`}
                color="inherit"
                aria-current={isCurrent(pathname, l.path) ? 'page' : undefined}
                sx={{
                  px: 1.25,
                  fontWeight: 600,
                  borderBottom: 2,
                  borderRadius: 0,
                  borderColor: isCurrent(pathname, l.path) ? 'common.white' : 'transparent',
                }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
          <Button
            component={RouterLink}
            to="/signin"
            variant="outlined"
            color="inherit"
            startIcon={<Login />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, borderColor: 'rgba(255,255,255,.6)', ml: 1 }}
          >
            {t('publicSite.nav.login')}
          </Button>
          <IconButton
            color="inherit"
            sx={{ display: { lg: 'none' } }}
            onClick={() => setOpen(true)}
            aria-label={t('publicSite.openMenu')}
          >
            <Menu />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <List sx={{ width: 260 }} component="nav" aria-label={t('publicSite.navLabel')}>
          {links.map((l) => (
            <ListItemButton
              key={l.path}
              component={RouterLink}
              to={`${l.path}${query}`}
              selected={isCurrent(pathname, l.path)}
              onClick={() => setOpen(false)}
            >
              <ListItemText primary={l.label} />
            </ListItemButton>
          ))}
          <ListItemButton component={RouterLink} to="/signin" onClick={() => setOpen(false)}>
            <ListItemText primary={t('publicSite.nav.login')} />
          </ListItemButton>
        </List>
      </Drawer>
    </AppBar>
  );
}
