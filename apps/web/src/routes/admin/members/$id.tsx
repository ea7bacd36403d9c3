import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '../../../features/admin-accounts/member-page';
import { memberQueryOptions } from '../../../features/admin-accounts/api';
import { MemberMoneyPanel } from '../../../features/admin-ledger/member-money';
import { MemberTreePanel } from '../../../features/admin-team/tree-panel';

export const Route = createFileRoute('/admin/members/$id')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(memberQueryOptions(params.id)).catch(() => undefined),
  component: MemberRoute,
});

/** The member's page with the ledger's money panel and the referral tree beside it (composed here: features do not import each other). */
function MemberRoute() {
  const { id } = Route.useParams();
  return (
    <MemberPage
      money={
        <>
          <MemberMoneyPanel key={id} memberId={id} />
          <MemberTreePanel key={`tree-${id}`} memberId={id} />
        </>
      }
    />
  );
}
