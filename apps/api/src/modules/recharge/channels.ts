import type { UpsertPaymentChannelBody } from '@orchard/shared';
import { AppError } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { withTransaction } from '../../ledger/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { MEMBER_CHANNEL_NAMES, toAdminChannelView, toChannelView } from './views';

/** Payment channels: the members' list, the console's list and the operator's create-or-update. */
export async function listEnabledChannels(deps: ServiceDeps) {
  return (await repo.listChannels(deps.db, true)).map((channel) => ({
    ...toChannelView(channel, deps.config.CURRENCY),
    name: MEMBER_CHANNEL_NAMES[channel.kind],
  }));
}

export async function upsertPaymentChannel(deps: ServiceDeps, actor: ConsoleActor, code: string, body: UpsertPaymentChannelBody) {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const existing = await repo.findChannel(tx, code);
    const webhookSecret = body.webhookSecret ?? existing?.webhookSecret ?? null;
    if (body.kind === 'gateway' && !webhookSecret) {
      throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { webhookSecret: 'A gateway needs a webhook secret.' });
    }
    const row = await repo.upsertChannel(tx, {
      code,
      kind: body.kind,
      name: body.name,
      instructions: body.instructions,
      paymentUrlTemplate: body.paymentUrlTemplate ?? null,
      webhookSecret: body.kind === 'gateway' ? webhookSecret : null,
      minAmount: body.minAmount,
      maxAmount: body.maxAmount,
      presets: body.presets,
      enabled: body.enabled,
      sortOrder: body.sortOrder,
      createdAt: now,
      updatedAt: now,
    });
    await recordConsoleAction(tx, actor, {
      action: existing ? 'payment_channel.update' : 'payment_channel.create',
      subjectType: 'payment_channel',
      subjectId: code,
      detail: { ...body, webhookSecret: body.webhookSecret ? '(changed)' : undefined },
      at: now,
    });
    return { created: !existing, channel: toAdminChannelView(row, deps.config.CURRENCY) };
  });
}

export async function listAllChannels(deps: ServiceDeps) {
  return (await repo.listChannels(deps.db, false)).map((channel) => toAdminChannelView(channel, deps.config.CURRENCY));
}
