import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { type Column, ConsolePage, DataTable, StatusText } from '../../components/ui/console';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { paymentChannelsQueryOptions, type PaymentChannel } from './api';
import { ChannelForm } from './channel-form';
import { useAdminLedgerMessages } from './messages';

/** /admin/channels: every payment channel; edit one or add a new one (upsertPaymentChannel). */
export function ChannelsPage() {
  const { t } = useAdminLedgerMessages();
  const { data, isPending, error, refetch } = useQuery(paymentChannelsQueryOptions());
  const [editing, setEditing] = useState<PaymentChannel | 'new' | null>(null);
  const edit = (channel: PaymentChannel | 'new') => {
    preloadToaster();
    setEditing(channel);
  };
  const columns: Column<PaymentChannel>[] = [
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
  return (
    <ConsolePage
      title={t('channels.title')}
      actions={
        <Button onClick={() => edit('new')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('channels.new')}
        </Button>
      }
    >
      {editing ? (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.code}
          channel={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <DataTable
        caption={t('channels.caption')}
        columns={columns}
        rows={data?.items}
        rowKey={(channel) => channel.code}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={{
          title: t('channels.emptyTitle'),
          body: t('channels.emptyBody'),
          action: <Button onClick={() => edit('new')}>{t('channels.new')}</Button>,
        }}
      />
    </ConsolePage>
  );
}
