import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Insights from '@mui/icons-material/Insights';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Grid from '@mui/material/Grid';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../../kit/forms/form-fields';
import { ListEditor } from './list-editor';
import { Section } from './section';

const count = (raw: string) => raw.replace(/\D/g, '').slice(0, 8);

const STATS = ['total_students', 'total_teachers', 'total_classes'] as const;

/** Statistics (spec 2.15): whole numbers, 0 or more. */
export function StatisticsSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="statistics"
      icon={Insights}
      title={t('website.sections.statistics')}
      hint={t('website.sections.statisticsHint')}
    >
      <Grid container spacing={2}>
        {STATS.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <RhfTextField<WebsiteContentInput>
              name={`statistics.${key}`}
              label={t(`website.stats.${key}`)}
              clean={count}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}

/** Facilities and achievements. */
export function HighlightsSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="highlights"
      icon={EmojiEvents}
      title={t('website.sections.highlights')}
      hint={t('website.sections.highlightsHint')}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ListEditor
            name="facilities"
            label={t('website.fields.facility')}
            placeholder={t('website.fields.facilityPlaceholder')}
            max={100}
            variant="chips"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ListEditor
            name="achievements"
            label={t('website.fields.achievement')}
            placeholder={t('website.fields.achievementPlaceholder')}
            max={300}
            variant="list"
          />
        </Grid>
      </Grid>
    </Section>
  );
}

/** Vision and mission. */
export function VisionSection() {
  const { t } = useTranslation();
  return (
    <Section id="vision" icon={Lightbulb} title={t('website.sections.vision')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="vision"
            label={t('website.fields.vision')}
            multiline
            minRows={3}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="mission"
            label={t('website.fields.mission')}
            multiline
            minRows={3}
          />
        </Grid>
      </Grid>
    </Section>
  );
}
