import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import type { Passkey } from '@orchard/shared';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, FormAlert } from '../../components/ui/field';
import { failureMessage } from '../../components/ui/form-errors';
import { RelativeTime } from '../../components/ui/relative-time';
import { toast } from '../../components/ui/toast';
import { useAccountsMessages } from './messages';
import { isPasskeyCancelled, passkeysQueryOptions, passkeySupported } from '../../lib/passkeys';
import { useAddPasskey, useRemovePasskey } from './api';

function PasskeyRow({ passkey, onRemove, removing }: { passkey: Passkey; onRemove: () => void; removing: boolean }) {
  const { t } = useAccountsMessages();
  return (
    <li className="flex items-center gap-3 border-b border-gray-200 py-3 last:border-0 dark:border-gray-800">
      <Fingerprint className="size-5 shrink-0 text-gray-500" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium text-gray-900 dark:text-gray-100">{passkey.name}</span>
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {passkey.synced ? t('passkeys.synced') : t('passkeys.thisDeviceOnly')} ·{' '}
          {t('passkeys.added', { date: formatDate(passkey.createdAt) })}
          {passkey.lastUsedAt && (
            <>
              {' · '}
              {t('passkeys.lastUsed')} <RelativeTime value={passkey.lastUsedAt} />
            </>
          )}
        </span>
      </div>
      <Button variant="ghost" isBusy={removing} onClick={onRemove} aria-label={t('passkeys.removeNamed', { name: passkey.name })}>
        {t('passkeys.remove')}
      </Button>
    </li>
  );
}

/** Adding a passkey: the password again first (the server's step-up), then the browser's own dialog. */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t, locale } = useAccountsMessages();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddPasskey({
    onSuccess: () => {
      onDone();
      toast(t('passkeys.addedToast'));
    },
    onError: (failure) =>
      setError(isPasskeyCancelled(failure) ? t('passkeys.cancelled') : failureMessage(failure, t('common.genericError'), locale)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!password) {
      setError(t('passkeys.passwordRequired'));
      return;
    }
    add.mutate(password);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <Field
        id="passkey-password"
        type="password"
        autoComplete="current-password"
        label={t('passkeys.password')}
        hint={t('passkeys.passwordHint')}
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" isBusy={add.isPending} className="flex-1">
          {t('passkeys.create')}
        </Button>
        <Button variant="ghost" disabled={add.isPending} onClick={onDone}>
          {t('passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * My passkeys on /profile: what they are, the list, remove one, and add one after the password
 * is entered again (the server asks for it: a stolen session alone cannot add a way in).
 */
export function PasskeysCard() {
  const { t, locale } = useAccountsMessages();
  const query = useQuery(passkeysQueryOptions());
  const [adding, setAdding] = useState(false);
  const remove = useRemovePasskey({ onSuccess: () => toast(t('passkeys.removedToast')) });

  const items = query.data?.items ?? [];
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('passkeys.lead')}</p>
      {query.isPending ? (
        <div className="min-h-14 rounded-xl bg-gray-100 dark:bg-gray-800" aria-busy="true" />
      ) : query.isError ? (
        <FormAlert>{failureMessage(query.error, t('common.genericError'), locale)}</FormAlert>
      ) : items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('passkeys.none')}</p>
      ) : (
        <ul aria-label={t('passkeys.title')}>
          {items.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables === passkey.id}
              onRemove={() => remove.mutate(passkey.id)}
            />
          ))}
        </ul>
      )}
      {remove.error && <FormAlert>{failureMessage(remove.error, t('common.genericError'), locale)}</FormAlert>}
      {!passkeySupported() ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('passkeys.unsupported')}</p>
      ) : adding ? (
        <AddPasskeyForm onDone={() => setAdding(false)} />
      ) : (
        items.length < (query.data?.max ?? 10) && (
          <Button variant="secondary" className="w-full" onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        )
      )}
    </Card>
  );
}
