import { Archive, Clock, MessageSquareReply } from 'lucide-react';
import type { SupportTicketStatus } from '@orchard/shared';
import { TonePill, type Tone } from '../../components/ui/tone-pill';
import { useSupportMessages } from './messages';

const LOOK = {
  open: { tone: 'pending', icon: Clock },
  answered: { tone: 'success', icon: MessageSquareReply },
  closed: { tone: 'neutral', icon: Archive },
} as const satisfies Record<SupportTicketStatus, { tone: Tone; icon: unknown }>;

/** A ticket's state as a pill: icon, word and colour. */
export function TicketStatusPill({ status }: { status: SupportTicketStatus }) {
  const { t } = useSupportMessages();
  const look = LOOK[status];
  return <TonePill tone={look.tone} icon={look.icon} status={status} label={t(`status.${status}`)} />;
}
