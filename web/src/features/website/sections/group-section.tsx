import Groups from '@mui/icons-material/Groups';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GROUP_CHOICES, type GroupChoice, type WebsiteContentInput } from '@schooliko/common/website';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../../kit/forms/form-fields';
import { useWebsiteGroupsQuery } from '../website.api';
import { Section } from './section';

function GroupPicker({ currentGroupId }: { currentGroupId: string | null }) {
  const { t } = useTranslation();
  const groups = useWebsiteGroupsQuery();
  if (groups.isLoading)
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <CircularProgress size={18} />
        <Typography variant="body2">{t('website.group.loading')}</Typography>
      </Stack>
    );
  if (groups.isError) return <Alert severity="error">{t('website.messages.groupsLoadFailed')}</Alert>;
  const list = groups.data ?? [];
  if (list.length === 0) return <Alert severity="info">{t('website.group.noGroups')}</Alert>;
  return (
    <RhfSelectField<WebsiteContentInput>
      name="group.group_id"
      label={t('website.group.pick')}
      emptyLabel={t('website.fields.notChosen')}
      options={list.map((g) => ({
        value: g.group_id,
        label:
          g.group_id === currentGroupId ? `${g.group_name} — ${t('website.group.current')}` : g.group_name,
      }))}
      helperText={t('website.group.pickHint')}
    />
  );
}

/**
 * Spec 4.10: not in a group (default), part of a group (pick one), or create own group. Joining
 * and creating are for directors (spec 6.3); others see the choice disabled, with the reason.
 */
export function GroupSection({
  canManage,
  currentGroupId,
}: {
  canManage: boolean;
  currentGroupId: string | null;
}) {
  const { t } = useTranslation();
  const { control, setValue, clearErrors } = useFormContext<WebsiteContentInput>();
  const choice = useWatch({ control, name: 'group.choice' }) ?? 'none';

  return (
    <Section
      id="group"
      icon={Groups}
      title={t('website.sections.group')}
      hint={t('website.sections.groupHint')}
    >
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('website.messages.groupsOnlyForDirectors')}
        </Alert>
      )}
      <Controller
        name="group.choice"
        control={control}
        render={({ field }) => (
          <RadioGroup
            row
            aria-label={t('website.sections.group')}
            name={field.name}
            value={field.value ?? 'none'}
            onChange={(e) => {
              field.onChange(e.target.value as GroupChoice);
              // Spec 4.10: changing the choice clears the selection.
              setValue('group.group_id', '', { shouldDirty: true });
              setValue('group.group_name', '', { shouldDirty: true });
              clearErrors(['group.group_id', 'group.group_name']);
            }}
          >
            {GROUP_CHOICES.map((c) => (
              <FormControlLabel
                key={c}
                value={c}
                control={<Radio />}
                label={t(`website.group.choices.${c}`)}
                disabled={!canManage}
              />
            ))}
          </RadioGroup>
        )}
      />
      {canManage && choice === 'existing' && (
        <Stack sx={{ mt: 2, maxWidth: 520 }}>
          <GroupPicker currentGroupId={currentGroupId} />
        </Stack>
      )}
      {canManage && choice === 'create' && (
        <Stack sx={{ mt: 2, maxWidth: 520, gap: 1 }}>
          <RhfTextField<WebsiteContentInput>
            name="group.group_name"
            label={t('website.group.name')}
            required
          />
          <Typography variant="body2" color="text.secondary">
            {t('website.group.createHint')}
          </Typography>
        </Stack>
      )}
    </Section>
  );
}
