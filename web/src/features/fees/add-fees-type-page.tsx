import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ConcessionsTab } from './concessions-tab';
import { HeadsTab } from './heads-tab';
import { StructuresTab } from './structures-tab';

type FeesTab = 'heads' | 'structures' | 'concessions';

/** Add Fees Type (/add-fees-type): the fee types, and each class's structure for the year. */
export default function AddFeesTypePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FeesTab>('heads');
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.setupTitle')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, v: FeesTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="heads" label={t('fees.heads.title')} />
        <Tab value="structures" label={t('fees.structures.title')} />
        <Tab value="concessions" label={t('fees.concessions.title')} />
      </Tabs>
      {tab === 'heads' && <HeadsTab canWrite={canWrite} />}
      {tab === 'structures' && <StructuresTab canWrite={canWrite} />}
      {tab === 'concessions' && <ConcessionsTab canWrite={canWrite} />}
    </Stack>
  );
}
