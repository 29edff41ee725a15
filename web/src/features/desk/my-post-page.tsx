import Typography from '@mui/material/Typography';
import type { PostalEntry } from '@schooliko/common/desk/postal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../kit/lists/list-screen';
import { useMyPostQuery } from './desk.api';
import { postalColumns } from './postal-columns';
import { EntryDialog } from './postal-entry-dialog';

/**
 * /my-post: the register's entries addressed to the reader (a teacher, the principal), confidential
 * ones too, with their scanned copies; the front office's whole register stays theirs alone.
 */
export default function MyPostPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<PostalEntry | null>(null);
  const columns = postalColumns(t, ['serial_no', 'on', 'party_name', 'subject', 'mode', 'scan'], 'mine');
  return (
    <>
      <ListScreen<PostalEntry>
        title={t('desk.myPost.title')}
        useList={useMyPostQuery}
        columns={columns}
        phoneColumns={['serial_no', 'party_name']}
        exportName="my-post"
        empty={<Typography>{t('desk.myPost.empty')}</Typography>}
        onOpen={(row) => setOpened(row)}
      />
      {opened && <EntryDialog entry={opened} canWrite={false} reach="mine" onClose={() => setOpened(null)} />}
    </>
  );
}
