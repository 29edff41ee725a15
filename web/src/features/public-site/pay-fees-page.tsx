import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContactDetails } from './contact-details';
import { Block, PageHero } from './site-parts';
import { usePageMeta, useSite } from './use-site';

/**
 * /pay-fees: an honest note. Fees are paid at the institute office; when the institute has
 * switched fee payment on, parents sign in and pay from Pay fees online (Razorpay): no form here.
 */
export default function SitePayFeesPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  usePageMeta(
    `${t('publicSite.nav.payFees')} | ${site.institute_name}`,
    t('publicSite.fees.meta', { name: site.institute_name }),
  );
  return (
    <>
      <PageHero title={t('publicSite.fees.title')} />
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Block id="how" title={t('publicSite.fees.howTitle')}>
              <Alert severity="info" sx={{ mb: 2 }}>
                {site.features.fee_payment ? t('publicSite.fees.online') : t('publicSite.fees.office')}
              </Alert>
              {site.features.fee_payment && (
                <Button component={RouterLink} to="/pay-online" variant="contained" sx={{ mb: 2 }}>
                  {t('publicSite.fees.signIn')}
                </Button>
              )}
              <Typography sx={{ lineHeight: 1.7 }}>{t('publicSite.fees.receipt')}</Typography>
            </Block>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Block id="office" title={t('publicSite.fees.officeTitle')}>
              <ContactDetails site={site} showSocial={false} />
            </Block>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
