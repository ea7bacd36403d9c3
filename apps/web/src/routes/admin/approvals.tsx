import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { approvalsQueryOptions } from '../../features/admin-approvals/api';
import { APPROVAL_VIEWS, ApprovalsPage } from '../../features/admin-approvals/approvals-page';

const search = z.object({ view: z.enum(APPROVAL_VIEWS).optional().catch(undefined), id: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/admin/approvals')({
  validateSearch: search,
  loaderDeps: ({ search: { view } }) => ({ view: view ?? 'waiting' }),
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(approvalsQueryOptions(deps.view)).catch(() => undefined),
  component: ApprovalsPage,
});
