import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { type Column, StatusText } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { paymentChannelsQueryOptions, type PaymentChannel } from './api';
import { ChannelForm } from './channel-form';
import { useAdminLedgerMessages } from './messages';

/** /admin/channels: every payment channel; edit one or add a new one (upsertPaymentChannel). */
export function ChannelsPage() {
  const { t } = useAdminLedgerMessages();
  const query = useQuery(paymentChannelsQueryOptions());
  const [editing, setEditing] = useState<PaymentChannel | 'new' | null>(null);
  const edit = (channel: PaymentChannel | 'new') => {
    preloadToaster();
    setEditing(channel);
  };
  const columns = useChannelColumns(edit);
  return (
    <ConsoleListPage
      title={t('channels.title')}
      actions={
        <Button onClick={() => edit('new')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('channels.new')}
        </Button>
      }
      filters={
        editing ? (
          <ChannelForm
            key={editing === 'new' ? 'new' : editing.code}
            channel={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null
      }
      caption={t('channels.caption')}
      columns={columns}
      rowKey={(channel) => channel.code}
      {...listState(query)}
      empty={{
        title: t('channels.emptyTitle'),
        body: t('channels.emptyBody'),
        action: <Button onClick={() => edit('new')}>{t('channels.new')}</Button>,
      }}
    />
  );
}

/** A channel's name and code, kind, limits and state (each sortable), and Edit. */
function useChannelColumns(edit: (channel: PaymentChannel) => void): Column<PaymentChannel>[] {
  const { t } = useAdminLedgerMessages();
  return [
    {
      key: 'name',
      header: t('channels.name'),
      sortValue: (channel) => channel.name,
      cell: (channel) => (
        <>
          <div className="font-medium">{channel.name}</div>
          <div className="font-mono text-xs text-gray-600 dark:text-gray-400">{channel.code}</div>
        </>
      ),
    },
    { key: 'kind', header: t('channels.kind'), sortValue: (channel) => channel.kind, cell: (channel) => t(`channels.${channel.kind}`) },
    {
      key: 'limits',
      header: t('channels.limits'),
      className: 'whitespace-nowrap tabular-nums',
      sortValue: (channel) => channel.minAmount,
      cell: (channel) =>
        `${formatMoney(channel.minAmount, { currency: channel.currency })} – ${formatMoney(channel.maxAmount, { currency: channel.currency })}`,
    },
    {
      key: 'status',
      header: t('channels.status'),
      sortValue: (channel) => (channel.enabled ? 0 : 1),
      cell: (channel) => (
        <StatusText tone={channel.enabled ? 'good' : 'off'}>{channel.enabled ? t('channels.enabled') : t('channels.disabled')}</StatusText>
      ),
    },
    {
      key: 'edit',
      header: t('channels.edit'),
      hideHeader: true,
      align: 'end',
      cell: (channel) => (
        <Button variant="secondary" className="min-h-10" onClick={() => edit(channel)} aria-label={`${t('channels.edit')} ${channel.name}`}>
          {t('channels.edit')}
        </Button>
      ),
    },
  ];
}
