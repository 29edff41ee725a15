import Email from '@mui/icons-material/Email';
import MapIcon from '@mui/icons-material/Map';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mapLink } from '@schooliko/common/profile';
import type { PublicSiteContent } from '@schooliko/common/website';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullAddress, SocialLinks } from './site-parts';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
      <Stack sx={{ color: 'primary.main', pt: 0.25 }}>{icon}</Stack>
      <div>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}
        >
          {label}
        </Typography>
        <Typography component="div">{children}</Typography>
      </div>
    </Stack>
  );
}

/** Address, phone, email, a map link from the coordinates and the social links. */
export function ContactDetails({
  site,
  showSocial = true,
}: {
  site: PublicSiteContent;
  showSocial?: boolean;
}) {
  const { t } = useTranslation();
  const c = site.contact;
  const address = fullAddress(c);
  const map = mapLink(c.latitude, c.longitude);
  const nothing = !address && !c.phone && !c.email && !map;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack sx={{ gap: 2 }}>
        {nothing && <Typography color="text.secondary">{t('publicSite.contact.none')}</Typography>}
        {address && (
          <Row icon={<Place />} label={t('publicSite.contact.address')}>
            {address}
          </Row>
        )}
        {c.phone && (
          <Row icon={<Phone />} label={t('publicSite.contact.phone')}>
            <Link href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</Link>
          </Row>
        )}
        {c.email && (
          <Row icon={<Email />} label={t('publicSite.contact.email')}>
            <Link href={`mailto:${c.email}`}>{c.email}</Link>
          </Row>
        )}
        {map && (
          <div>
            <Button
              variant="outlined"
              startIcon={<MapIcon />}
              href={map}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('publicSite.contact.map')}
            </Button>
          </div>
        )}
        {showSocial && <SocialLinks links={c.socialMedia} />}
      </Stack>
    </Paper>
  );
}
