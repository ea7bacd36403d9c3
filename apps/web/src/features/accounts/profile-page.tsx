import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useFormContext } from 'react-hook-form';
import {
  BookOpen,
  ChevronRight,
  Coins,
  CreditCard,
  FileText,
  Headset,
  Info,
  KeyRound,
  Layers,
  LifeBuoy,
  LogOut,
  Ticket,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Me } from '@orchard/shared';
import { formatDate } from '../../lib/format';
import { meQueryKey, meQueryOptions } from '../../lib/session';
import { Page } from '../../components/page';
import { ThemeSwitcher } from '../../components/theme-switcher';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/field';
import { Form, FormServerError, TextField, useZodForm } from '../../components/ui/form';
import { failureMessage } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { LanguagePicker } from '../../components/language-picker';
import type { Locale } from '../../lib/i18n';
import { updateMe, useSignOut } from './api';
import { nameSchema } from './form-schemas';
import { useAccountsMessages } from './messages';
import { CloseAccountLink } from './close-account-link';
import { DataExportCard } from './data-export-card';
import { PasskeysCard } from './passkeys-card';
import { Sessions } from './sessions-card';

const LOGS = [
  { to: '/plan/log', key: 'plans', icon: Layers },
  { to: '/recharge/log', key: 'recharges', icon: Coins },
  { to: '/withdraw/log', key: 'withdrawals', icon: CreditCard },
  { to: '/trx/log', key: 'statement', icon: FileText },
  { to: '/coupon', key: 'coupons', icon: Ticket },
  { to: '/team/list', key: 'team', icon: Users },
] as const;

/** Help, support and the terms: also in the wide screen's side navigation, here for the phone. */
const HELP_LINKS = [
  { to: '/help', key: 'howItWorks', icon: BookOpen },
  { to: '/help-center', key: 'helpCenter', icon: LifeBuoy },
  { to: '/support', key: 'support', icon: Headset },
  { to: '/about', key: 'about', icon: Info },
] as const;

const rowLink = 'flex min-h-11 items-center gap-3 px-2 text-sm font-medium text-gray-900 hover:underline dark:text-gray-100';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="px-2 text-sm font-semibold text-gray-600 dark:text-gray-400">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-t border-gray-200 py-3 dark:border-gray-800">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 truncate text-sm font-medium text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

function NameForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const form = useZodForm(nameSchema, { defaultValues: { displayName: me.displayName } });
  return (
    <Form
      form={form}
      className="gap-3 py-3"
      onSubmit={async ({ displayName }) => {
        queryClient.setQueryData(meQueryKey, await updateMe({ displayName }));
        toast(t('profile.nameSaved'));
        onDone();
      }}
    >
      <TextField name="displayName" label={t('profile.name')} autoComplete="name" maxLength={60} />
      <FormServerError />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('profile.cancel')}
        </Button>
        <SaveButton>{t('profile.saveName')}</SaveButton>
      </div>
    </Form>
  );
}

/** Submit without the full-width layout (it sits beside "Cancel"). */
function SaveButton({ children }: { children: ReactNode }) {
  const { formState } = useFormContext();
  return (
    <Button type="submit" isBusy={formState.isSubmitting}>
      {children}
    </Button>
  );
}

/** One line of a link list: its icon, its words, and a chevron. */
function RowLink({
  to,
  icon: Icon,
  label,
}: {
  to: (typeof LOGS)[number]['to'] | (typeof HELP_LINKS)[number]['to'];
  icon: LucideIcon;
  label: string;
}) {
  return (
    <li className="border-b border-gray-200 last:border-0 dark:border-gray-800">
      <Link to={to} className={rowLink}>
        <Icon className="size-5 text-gray-500 dark:text-gray-500" aria-hidden="true" />
        <span className="flex-1">{label}</span>
        <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** My name (edited in place), contact, invite code and the day I joined. */
function AccountCard({ me }: { me: Me }) {
  const { t } = useAccountsMessages();
  const [editing, setEditing] = useState(false);
  return (
    <Card className="py-2">
      {editing ? (
        <NameForm me={me} onDone={() => setEditing(false)} />
      ) : (
        // The name is never cut: the button moves under it when both do not fit (long names, longer words).
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0 flex-[1_1_10rem]">
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.name')}</p>
            <p className="text-lg font-semibold [overflow-wrap:anywhere] text-gray-900 dark:text-gray-50">{me.displayName}</p>
          </div>
          <Button variant="secondary" className="whitespace-nowrap" onClick={() => setEditing(true)}>
            {t('profile.editName')}
          </Button>
        </div>
      )}
      <dl>
        {me.email && <Detail label={t('profile.email')}>{me.email}</Detail>}
        {me.phone && <Detail label={t('profile.phone')}>{me.phone}</Detail>}
        <Detail label={t('profile.inviteCode')}>
          <span className="tracking-wide">{me.inviteCode}</span>
        </Detail>
        <Detail label={t('profile.memberSince')}>{formatDate(me.createdAt)}</Detail>
      </dl>
    </Card>
  );
}

/** Links to my records (plans, recharges, withdrawals, statement, coupons, team) and to help. */
function HistoryAndHelp() {
  const { t } = useAccountsMessages();
  return (
    <>
      <Section id="profile-records" title={t('profile.records')}>
        <Card className="py-2">
          <ul>
            {LOGS.map(({ to, key, icon }) => (
              <RowLink key={to} to={to} icon={icon} label={t(`profile.logs.${key}`)} />
            ))}
          </ul>
        </Card>
      </Section>

      <Section id="profile-help" title={t('profile.help')}>
        <Card className="py-2">
          <ul>
            {HELP_LINKS.map((link) => (
              <RowLink
                key={link.key}
                to={link.to}
                icon={link.icon}
                label={t(`profile.helpLinks.${link.key}`)}
              />
            ))}
          </ul>
        </Card>
      </Section>
    </>
  );
}

/** `/profile`: my account, appearance, security (password, devices), history links, sign out. */
/** `notifications`: the notification settings (features/notifications), composed by the route. */
export function ProfilePage({ notifications }: { notifications?: ReactNode } = {}) {
  const { t, locale } = useAccountsMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: me } = useQuery(meQueryOptions());
  // The language is in place already (this device); the account keeps it for other devices and messages.
  const saveLanguage = (language: Locale) =>
    updateMe({ language }).then(
      (updated) => queryClient.setQueryData(meQueryKey, updated),
      () => toast(t('profile.languageNotSaved')),
    );
  const signOut = useSignOut({ onSuccess: () => router.navigate({ to: '/' }) });
  if (!me) return null;

  return (
    <Page title={t('profile.title')}>
      <Section id="profile-account" title={t('profile.account')}>
        <AccountCard me={me} />
      </Section>

      <Section id="profile-appearance" title={t('profile.appearance')}>
        <Card>
          <div className="flex flex-col gap-3 py-3">
            <LanguagePicker className="w-full" onChosen={saveLanguage} />
            <ThemeSwitcher className="w-full" />
          </div>
        </Card>
      </Section>

      <Section id="profile-security" title={t('profile.security')}>
        <Card className="py-2">
          <Link to="/user/password" className={rowLink}>
            <KeyRound className="size-5 text-gray-500 dark:text-gray-500" aria-hidden="true" />
            <span className="flex-1">{t('profile.changePassword')}</span>
            <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
          </Link>
        </Card>
        <h3 className="sr-only">{t('profile.passkeys')}</h3>
        <PasskeysCard />
        <h3 className="sr-only">{t('profile.sessions')}</h3>
        <Sessions />
      </Section>

      {notifications && (
        <Section id="profile-notifications" title={t('profile.notifications')}>
          {notifications}
        </Section>
      )}

      <Section id="profile-data" title={t('dataExport.title')}>
        <DataExportCard />
        <CloseAccountLink />
      </Section>

      <HistoryAndHelp />

      {signOut.error && <FormAlert>{failureMessage(signOut.error, t('common.genericError'), locale)}</FormAlert>}
      <Button
        variant="secondary"
        isBusy={signOut.isPending}
        onClick={() => signOut.mutate()}
        className="w-full text-red-700 dark:text-red-400"
      >
        <LogOut className="size-5" aria-hidden="true" />
        {t('profile.signOut')}
      </Button>
    </Page>
  );
}
