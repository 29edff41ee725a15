import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRANDING_ROLES, type BrandingRole } from '@schooliko/common/institutes';
import { MAX_FILE_MB } from '@schooliko/common/uploads';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from './image-picker';
import type { RegistrationState } from './registration.state';
import { StepSection } from './step-section';

type Props = {
  state: RegistrationState;
  uploading: boolean;
  onChoose: (role: BrandingRole, file: File) => void;
  onUpload: () => void;
};

/** Step 4: a picture for each of the five roles; the bulk upload opens once all five are chosen. */
export function RoleImagesStep({ state, uploading, onChoose, onUpload }: Props) {
  const { t } = useTranslation();
  const allChosen = BRANDING_ROLES.every((role) => state.roles[role].file);
  const allUploaded = BRANDING_ROLES.every((role) => state.roles[role].url);
  return (
    <StepSection number={4} title={t('domainRegistration.steps.roles')} done={allUploaded}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('domainRegistration.rolesStep.help')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
        }}
      >
        {BRANDING_ROLES.map((role) => (
          <ImagePicker
            key={role}
            label={t(`domainRegistration.roles.${role}`)}
            slot={state.roles[role]}
            maxMb={MAX_FILE_MB.general}
            disabled={uploading || Boolean(state.roles[role].url)}
            onChoose={(file) => onChoose(role, file)}
          />
        ))}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button
          variant="contained"
          onClick={onUpload}
          loading={uploading}
          disabled={!allChosen || allUploaded}
        >
          {t('domainRegistration.rolesStep.uploadAll')}
        </Button>
        {!allChosen && (
          <Typography variant="body2" color="text.secondary">
            {t('domainRegistration.rolesStep.chooseAll')}
          </Typography>
        )}
      </Stack>
    </StepSection>
  );
}
