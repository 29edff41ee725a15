import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_TAG_SUGGESTIONS, GROUP_TAGS_MAX, type GroupFormValues } from '@schooliko/common/groups';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../kit/forms/messages';

type Props = { control: Control<GroupFormValues> };

/** Spec 2.14: Group Tags, a multi-select of the suggestions that also takes any other tag. */
export function GroupTagsSection({ control }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('groups.form.tagsSection')}
      </Typography>
      <Controller
        name="group_tags"
        control={control}
        render={({ field, fieldState }) => (
          <>
            <Autocomplete<string, true, false, true>
              multiple
              freeSolo
              options={GROUP_TAG_SUGGESTIONS}
              value={field.value ?? []}
              onChange={(_e, tags) => {
                const seen = new Set<string>();
                const clean = tags
                  .map((tag) => tag.trim())
                  .filter((tag) => tag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
                field.onChange(clean.slice(0, GROUP_TAGS_MAX));
              }}
              filterSelectedOptions
              renderValue={(tags, getItemProps) =>
                tags.map((tag, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={tag} size="small" {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  size="small"
                  label={t('groups.form.tags')}
                  placeholder={t('groups.form.tagsPlaceholder')}
                  error={Boolean(fieldState.error)}
                />
              )}
            />
            <FormHelperText error={Boolean(fieldState.error)}>
              {fieldState.error
                ? fieldErrorText(t, fieldState.error)
                : t('groups.form.tagsHint', { max: GROUP_TAGS_MAX })}
            </FormHelperText>
          </>
        )}
      />
    </Paper>
  );
}

/** Spec 2.14 / 6.3: primary director (full rights over the group) and principal of its institutes. */
export function DirectorRoleSection({ control, disabled }: Props & { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('groups.form.rolesSection')}
      </Typography>
      <Stack spacing={1}>
        <Controller
          name="isPrimaryDirector"
          control={control}
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={t('groups.form.primaryDirector')}
                disabled={disabled}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('groups.form.primaryDirectorHint')}</FormHelperText>
            </div>
          )}
        />
        <Controller
          name="isPrincipal"
          control={control}
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={t('groups.form.principal')}
                disabled={disabled}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('groups.form.principalHint')}</FormHelperText>
            </div>
          )}
        />
        {disabled && <FormHelperText>{t('groups.form.rolesPrimaryOnly')}</FormHelperText>}
      </Stack>
    </Paper>
  );
}
