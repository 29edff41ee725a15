import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { CarryForwardTab } from './carry-forward-tab';
import { CollectionTab } from './collection-tab';
import { DefaultersTab } from './defaulters-tab';
import { RefundsTab } from './refunds-tab';
import { RegisterTab } from './register-tab';

type DuesTab = 'defaulters' | 'collection' | 'register' | 'carry' | 'refunds';

/**
 * Dues (/dues): who owes what past its due date, the day's collection, the concession register,
 * previous-year dues, and (for those who may cancel receipts) the online payments to refund.
 */
export default function DuesPage() {
  const { t } = useTranslation();
  const mayRefund = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:cancel') ?? false);
  const [tab, setTab] = useState<DuesTab>('defaulters');
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_e, v: DuesTab) => setTab(v)} variant="scrollable">
        <Tab value="defaulters" label={t('fees.dues.defaulters')} />
        <Tab value="collection" label={t('fees.collection.title')} />
        <Tab value="register" label={t('fees.register.title')} />
        <Tab value="carry" label={t('fees.carry.tab')} />
        {mayRefund && <Tab value="refunds" label={t('fees.refunds.tab')} />}
      </Tabs>
      {tab === 'defaulters' && <DefaultersTab />}
      {tab === 'collection' && <CollectionTab />}
      {tab === 'register' && <RegisterTab />}
      {tab === 'carry' && <CarryForwardTab />}
      {tab === 'refunds' && <RefundsTab />}
    </Stack>
  );
}
