import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Group } from '@schooliko/common/groups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupTypeLabel } from '../groups';

/** One name/value pair; a <div> straight inside the <dl>, as HTML allows (and screen readers expect). */
function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type Props = { group: Group };

/** Spec 2.12: 'Your Group Details' — name, code, type, description, number of institutes, status. */
export function GroupDetailsCard({ group }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="group-details-title" sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar
          variant="rounded"
          src={group.group_logo ?? undefined}
          alt={t('dashboard.director.logoAlt', { group: group.group_name })}
          sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
          slotProps={{ img: { sx: { objectFit: 'contain', bgcolor: 'common.white' } } }}
        >
          {group.group_name.slice(0, 1)}
        </Avatar>
        <Typography id="group-details-title" variant="h6" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('dashboard.director.groupDetails')}
        </Typography>
        <Chip
          size="small"
          color={group.status === 'active' ? 'success' : 'default'}
          label={t(`dashboard.director.status.${group.status}`)}
        />
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <Field label={t('dashboard.director.groupName')}>{group.group_name}</Field>
        <Field label={t('dashboard.director.groupCode')}>{group.group_code}</Field>
        <Field label={t('dashboard.director.groupType')}>{groupTypeLabel(t, group.group_type)}</Field>
        <Field label={t('dashboard.director.institutes')}>{group.total_institutes}</Field>
        <Field label={t('dashboard.director.statusLabel')}>
          {t(`dashboard.director.status.${group.status}`)}
        </Field>
        {group.main_office_address.city && (
          <Field label={t('dashboard.director.city')}>
            {group.main_office_address.city}, {group.main_office_address.state}
          </Field>
        )}
        <Field label={t('dashboard.director.description')} wide>
          {group.group_description || t('dashboard.director.noDescription')}
        </Field>
      </Box>
      {group.group_institutes.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {t('dashboard.director.instituteList')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {group.group_institutes.map((i) => (
              <Chip
                key={i.institute_id}
                variant="outlined"
                label={`${i.institute_name} (${i.institute_code})`}
              />
            ))}
          </Stack>
        </Box>
      )}
      {group.group_tags.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {group.group_tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
