import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';

/** Spec 2.11: name, email, role, mobile and full name of the signed-in user. */
export function ProfileDetails({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const rows: [label: string, value: string][] = [
    [t('home.fields.name'), user.first_name],
    [t('home.fields.fullName'), user.full_name],
    [t('home.fields.email'), user.email],
    [t('home.fields.role'), t(`common.roles.${user.role}`)],
    [t('home.fields.mobile'), user.mobile || t('home.notGiven')],
  ];
  if (user.institute_data) rows.push([t('home.fields.institute'), user.institute_data.institute_name]);

  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
