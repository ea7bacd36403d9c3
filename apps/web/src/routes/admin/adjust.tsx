import { createFileRoute } from '@tanstack/react-router';
import { AdjustPage } from '../../features/admin-ledger/adjust-page';
import { memberSearchQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/adjust')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(memberSearchQueryOptions('')).catch(() => undefined),
  component: AdjustPage,
});
