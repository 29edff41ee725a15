import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { CHANNELS, MESSAGE_STATUSES, type Message, type MessageStatus } from '@schooliko/common/messaging';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayTime, formatWhen } from '../../app/format-when';
import { type ListResult, ListScreen } from '../../kit/lists/list-screen';
import { SelectFilter } from '../../kit/lists/select-filter';

const COLOUR: Record<MessageStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  queued: 'info',
  sent: 'success',
  delivered: 'success',
  undelivered: 'error',
  failed: 'error',
  skipped: 'warning',
};

/**
 * A message's status; its tooltip gives the reason (failed, undelivered) or when it was delivered.
 * An SMS held for the institute's quiet hours says until when, so the office knows why it waits.
 */
export function StatusChip({
  status,
  note,
  deliveredAt = null,
  runAt = null,
}: {
  status: MessageStatus;
  note: string | null;
  deliveredAt?: string | null;
  runAt?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const held = status === 'queued' && runAt !== null && Date.parse(runAt) > Date.now() + 60_000;
  const title = deliveredAt
    ? t('messaging.log.deliveredAt', { when: formatWhen(deliveredAt, i18n.language) })
    : held
      ? t('messaging.log.heldWhy')
      : note;
  return (
    <Chip
      size="small"
      color={COLOUR[status]}
      label={
        held && runAt
          ? t('messaging.log.heldUntil', { when: formatDayTime(runAt, i18n.language) })
          : t(`messaging.status.${status}`)
      }
      title={title ?? undefined}
      variant={status === 'queued' || status === 'sent' ? 'outlined' : 'filled'}
    />
  );
}

/** A send log (all messages, or one module's): when, to whom, what, and its status. */
export function MessageLog(props: {
  title: string;
  useList: (query: Record<string, string | number>) => ListResult<Message>;
  empty: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<GridColDef<Message>[]>(
    () => [
      {
        field: 'created_at',
        headerName: t('messaging.log.when'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => formatWhen(v, i18n.language),
      },
      {
        field: 'recipient',
        headerName: t('messaging.log.to'),
        flex: 1,
        minWidth: 190,
        sortable: false,
        valueGetter: (_v, row) =>
          row.recipient_name ? `${row.recipient_name} · ${row.recipient}` : row.recipient,
      },
      {
        field: 'channel',
        headerName: t('messaging.log.channel'),
        width: 90,
        sortable: false,
        valueFormatter: (v: string) => t(`messaging.channel.${v}`),
      },
      {
        field: 'body',
        headerName: t('messaging.log.message'),
        flex: 2,
        minWidth: 240,
        sortable: false,
        valueGetter: (_v, row) => row.subject ?? row.body,
      },
      {
        field: 'status',
        headerName: t('messaging.log.status'),
        width: 215,
        sortable: false,
        renderCell: ({ row }) => (
          <StatusChip
            status={row.status}
            note={row.status_note}
            deliveredAt={row.delivered_at}
            runAt={row.run_at}
          />
        ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <ListScreen<Message>
      title={props.title}
      useList={props.useList}
      columns={columns}
      phoneColumns={['recipient', 'status']}
      initialFilters={{}}
      exportName="messages"
      empty={props.empty}
      onOpen={() => {}}
      filters={(value, set) => (
        <>
          <SelectFilter
            label={t('messaging.log.channel')}
            value={value.channel}
            onChange={(v) => set('channel', v)}
            options={CHANNELS.map((c) => ({ value: c, label: t(`messaging.channel.${c}`) }))}
          />
          <SelectFilter
            label={t('messaging.log.status')}
            value={value.status}
            onChange={(v) => set('status', v)}
            options={MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messaging.status.${s}`) }))}
          />
        </>
      )}
    />
  );
}
