import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionTab } from './collection-tab';
import { DefaultersTab } from './defaulters-tab';

/** Dues (/dues): who owes what past its due date, and the day's collection. */
export default function DuesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'defaulters' | 'collection'>('defaulters');
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_e, v: 'defaulters' | 'collection') => setTab(v)} variant="scrollable">
        <Tab value="defaulters" label={t('fees.dues.defaulters')} />
        <Tab value="collection" label={t('fees.collection.title')} />
      </Tabs>
      {tab === 'defaulters' ? <DefaultersTab /> : <CollectionTab />}
    </Stack>
  );
}
