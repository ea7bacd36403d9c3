import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '../../../../features/wallet/log-pages';
import { parseStatementSearch } from '../../../../features/wallet/search';

export const Route = createFileRoute('/_default/_app/trx/log')({
  validateSearch: parseStatementSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const api = await import('../../../../features/wallet/api');
    await queryClient.ensureInfiniteQueryData(api.statementQueryOptions(deps));
  },
  component: StatementPage,
});
