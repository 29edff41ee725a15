import Email from '@mui/icons-material/Email';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InstituteContact, PublicSiteContent } from '@schooliko/common/website';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { navKey, SITE_NAV } from './site-nav';
import { fullAddress, SocialLinks } from './site-parts';

/**
 * The site's footer: contact details, the pages, social links and the copyright line. Before
 * the first publish (no site) the contact details are the institute's own from Update Profile
 * (address, website, the public phone and email);
 * "Reach us" is left out when there are none.
 */
export function SiteFooter({
  site,
  contact,
  name: brandName,
  query,
}: {
  site: PublicSiteContent | null;
  contact: InstituteContact | null;
  name: string;
  query: string;
}) {
  const { t } = useTranslation();
  const name = site?.institute_name ?? brandName;
  const address = fullAddress(site?.contact ?? contact ?? { address: '', city: '', state: '', pincode: '' });
  const website = site ? '' : (contact?.website ?? '');
  const { phone, email } = site?.contact ?? contact ?? { phone: '', email: '' };
  const reach = address || website || phone || email;
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', mt: site ? 8 : 0 }}>
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography sx={{ color: 'common.white', fontWeight: 700, fontSize: 18 }}>{name}</Typography>
            {site?.tagline && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {site.tagline}
              </Typography>
            )}
            {site && (
              <Box sx={{ mt: 2 }}>
                <SocialLinks links={site.contact.socialMedia} light />
              </Box>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
              {t('publicSite.footer.pages')}
            </Typography>
            <Stack sx={{ gap: 0.5 }}>
              {SITE_NAV.map(({ page, path }) => (
                <Link
                  key={path}
                  component={RouterLink}
                  to={`${path}${query}`}
                  color="inherit"
                  underline="hover"
                  variant="body2"
                >
                  {t(`publicSite.nav.${navKey(page)}`)}
                </Link>
              ))}
            </Stack>
          </Grid>
          {reach && (
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Typography sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
                {t('publicSite.footer.reachUs')}
              </Typography>
              <Stack sx={{ gap: 1 }}>
                {address && (
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Place fontSize="small" />
                    <Typography variant="body2">{address}</Typography>
                  </Stack>
                )}
                {phone && (
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Phone fontSize="small" />
                    <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} color="inherit" variant="body2">
                      {phone}
                    </Link>
                  </Stack>
                )}
                {email && (
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Email fontSize="small" />
                    <Link href={`mailto:${email}`} color="inherit" variant="body2">
                      {email}
                    </Link>
                  </Stack>
                )}
                {website && (
                  <Link
                    href={website}
                    color="inherit"
                    variant="body2"
                    rel="noopener"
                    sx={{ wordBreak: 'break-all' }}
                  >
                    {website}
                  </Link>
                )}
              </Stack>
            </Grid>
          )}
        </Grid>
      </Container>
      <Box sx={{ borderTop: 1, borderColor: 'grey.800', py: 2, textAlign: 'center' }}>
        <Typography variant="body2">
          © {new Date().getFullYear()} {name}. {t('common.allRightsReserved')}
        </Typography>
      </Box>
    </Box>
  );
}
