import { Link } from '@tanstack/react-router';
import { UserX } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { useAccountsMessages } from './messages';

/** "Close my account" on /profile: one link to the page that says what is left, then closes. */
export function CloseAccountLink() {
  const { t } = useAccountsMessages();
  return (
    <Card className="py-2">
      <Link
        to="/close-account"
        className="flex min-h-11 items-center gap-3 rounded-lg px-1 text-sm font-medium text-red-700 hover:underline dark:text-red-400"
      >
        <UserX className="size-5" aria-hidden="true" />
        {t('closeAccount.link')}
      </Link>
    </Card>
  );
}
