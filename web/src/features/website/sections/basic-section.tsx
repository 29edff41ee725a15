import School from '@mui/icons-material/School';
import Grid from '@mui/material/Grid';
import { boardsInGroup } from '@schooliko/common/catalogue/boards';
import { INSTITUTE_TYPES, subTypesOf } from '@schooliko/common/catalogue/institute-types';
import { EDUCATION_MEDIA } from '@schooliko/common/catalogue/media';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../../kit/forms/form-fields';
import { Section } from './section';

const digits = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

/** Name, tagline, description, type and sub-type, board, medium, year (spec 2.15, 4.10). */
export function BasicSection() {
  const { t } = useTranslation();
  const { setValue, control } = useFormContext<WebsiteContentInput>();
  const type = useWatch({ control, name: 'institute_type' }) ?? 'school';

  const typeOptions = INSTITUTE_TYPES.map((it) => ({
    value: it.id,
    label: t(`website.types.${it.id}`, { defaultValue: it.label }),
    disabled: it.id !== 'school',
  }));
  const subTypeOptions = subTypesOf(type).map((s) => ({
    value: s.value,
    label: t(`website.subTypes.${s.value}`, { defaultValue: s.label }),
  }));
  const boardGroups = (['national', 'international', 'state'] as const).map((group) => ({
    group,
    options: boardsInGroup(group).map((b) => ({ value: b.value, label: b.label })),
  }));
  const boardOptions = boardGroups.flatMap(({ group, options }) => [
    { value: `__${group}`, label: t(`website.boardGroups.${group}`), disabled: true },
    ...options,
  ]);
  const mediumOptions = EDUCATION_MEDIA.map((m) => ({
    value: m.value,
    label: t(`website.media.${m.value}`, { defaultValue: m.label }),
  }));

  return (
    <Section
      id="basic"
      icon={School}
      title={t('website.sections.basic')}
      hint={t('website.sections.basicHint')}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="institute_name"
            label={t('website.fields.instituteName')}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="tagline"
            label={t('website.fields.tagline')}
            placeholder={t('website.fields.taglinePlaceholder')}
          />
        </Grid>
        <Grid size={12}>
          <RhfTextField<WebsiteContentInput>
            name="description"
            label={t('website.fields.description')}
            multiline
            minRows={3}
            helperText={t('website.fields.descriptionHint')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfSelectField<WebsiteContentInput>
            name="institute_type"
            label={t('website.fields.instituteType')}
            options={typeOptions}
            helperText={t('website.messages.onlySchool')}
            onValueChange={() => setValue('school_type', '', { shouldDirty: true })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfSelectField<WebsiteContentInput>
            name="school_type"
            label={t('website.fields.schoolType')}
            options={subTypeOptions}
            emptyLabel={t('website.fields.notChosen')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfSelectField<WebsiteContentInput>
            name="education_board"
            label={t('website.fields.board')}
            options={boardOptions}
            emptyLabel={t('website.fields.notChosen')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfSelectField<WebsiteContentInput>
            name="education_medium"
            label={t('website.fields.medium')}
            options={mediumOptions}
            emptyLabel={t('website.fields.notChosen')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="established_year"
            label={t('website.fields.establishedYear')}
            clean={digits}
            placeholder="1998"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Grid>
      </Grid>
    </Section>
  );
}
