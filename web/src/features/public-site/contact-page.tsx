import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from './contact-details';
import { Block, fullAddress, PageHero } from './site-parts';
import { usePageMeta, useSite } from './use-site';

/** /contact: address, phone, email, a map link and social links. */
export default function SiteContactPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  usePageMeta(
    `${t('publicSite.nav.contact')} | ${site.institute_name}`,
    [t('publicSite.contact.meta', { name: site.institute_name }), fullAddress(site.contact)]
      .filter(Boolean)
      .join(' '),
  );
  return (
    <>
      <PageHero title={t('publicSite.contact.title')} subtitle={t('publicSite.contact.subtitle')} />
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Block id="reach" title={t('publicSite.footer.reachUs')}>
              <ContactDetails site={site} />
            </Block>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Block id="visit" title={t('publicSite.contact.visitTitle')}>
              <Typography sx={{ lineHeight: 1.7 }}>{t('publicSite.contact.visitText')}</Typography>
            </Block>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
