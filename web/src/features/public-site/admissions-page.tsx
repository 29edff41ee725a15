import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from './contact-details';
import { EnquiryForm } from './enquiry-form';
import { Block, PageHero, SchoolFacts } from './site-parts';
import { usePageMeta, useSite } from './use-site';

/** /admissions: the enquiry form while online admission is on; otherwise how to reach the office. */
export default function SiteAdmissionsPage() {
  const { t } = useTranslation();
  const { site, preview } = useSite();
  const open = site.features.online_admission;
  usePageMeta(
    `${t('publicSite.nav.admissions')} | ${site.institute_name}`,
    t('publicSite.admissions.meta', { name: site.institute_name }),
  );

  return (
    <>
      <PageHero
        title={t('publicSite.admissions.title')}
        subtitle={t('publicSite.admissions.subtitle', { name: site.institute_name })}
      />
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Block
              id="enquiry"
              title={open ? t('publicSite.admissions.formTitle') : t('publicSite.admissions.howTitle')}
            >
              {open ? (
                <>
                  <Typography sx={{ mb: 2 }}>{t('publicSite.admissions.formIntro')}</Typography>
                  <EnquiryForm preview={preview} />
                </>
              ) : (
                <>
                  <Alert severity="info" sx={{ mb: 2 }}>
                    {t('publicSite.admissions.closed')}
                  </Alert>
                  <ContactDetails site={site} showSocial={false} />
                </>
              )}
            </Block>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Block id="school" title={t('publicSite.about.atAGlance')}>
              <SchoolFacts site={site} />
            </Block>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
