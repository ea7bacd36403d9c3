import { formatMoney } from '../../lib/format';
import type { ApprovalRequest } from './api';
import type { AdminApprovalsT } from './messages';

/** What a request would do, in words: "Adjust Ana’s wallet by +$1,500.00". */
export function describeApproval(t: AdminApprovalsT, request: ApprovalRequest): string {
  const amount = formatMoney(request.amount, { currency: request.currency });
  const member = request.subject?.name ?? '';
  return t(request.adjustment?.direction === 'debit' ? 'describe.debit' : 'describe.credit', { member, amount });
}
