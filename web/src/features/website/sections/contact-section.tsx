import ContactPhone from '@mui/icons-material/ContactPhone';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactFields, SocialFields } from '../../profile';
import { Section } from './section';

/** The contact block (spec 2.15): website and landmark stay on the profile form. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="contact"
      icon={ContactPhone}
      title={t('website.sections.contact')}
      hint={t('website.sections.contactHint')}
    >
      <ContactFields prefix="contact." variant="website" />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1.5 }}>
        {t('profile.sections.social')}
      </Typography>
      <SocialFields prefix="contact." />
    </Section>
  );
}
