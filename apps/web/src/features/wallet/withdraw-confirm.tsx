import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { Field } from '../../components/ui/field';
import { applyServerError } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { useUiMessages } from '../../components/ui/messages';
import { ApiError } from '../../lib/api-client';
import { isPasskeyCancelled, passkeysQueryOptions, passkeySupported, stepUpWithPasskey } from '../../lib/passkeys';
import { useCreateWithdrawal, type BankAccount, type WithdrawalQuote } from './api';
import { useWalletMessages } from './messages';
import { accountName } from './withdraw-common';

type Money = (minor: number) => string;
type WithdrawConfirm = ReturnType<typeof useWithdrawConfirm>;

/**
 * The confirm step of /withdraw: the quote being confirmed, the password (or a passkey), and the
 * request. A wrong password or a cancelled passkey stays in the sheet; a fee that changed meanwhile
 * (409 FEE_CHANGED) shows the new quote in the same sheet; anything else closes it onto the form.
 */
export function useWithdrawConfirm<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  quote: UseQueryResult<WithdrawalQuote>,
  money: Money,
) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<WithdrawalQuote | null>(null);
  // The fee changed between the quote and the confirm (409 FEE_CHANGED): the sheet shows the new quote and says so.
  const [feeNotice, setFeeNotice] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // A member with a passkey may confirm with it instead of the password.
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: passkeySupported() });
  const submit = useCreateWithdrawal({
    stepUpWithPasskey,
    onSuccess: async (withdrawal) => {
      setConfirming(null);
      setFeeNotice(null);
      setPassword('');
      toast(t('withdraw.done', { amount: money(withdrawal.amount) }));
      await navigate({ to: '/withdraw/log' });
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        (error.code === 'STEP_UP_FAILED' || error.code === 'RATE_LIMITED' || error.code === 'PASSKEY_FAILED')
      ) {
        return setPasswordError(error.message);
      }
      if (isPasskeyCancelled(error) || (error instanceof Error && !(error instanceof ApiError))) {
        return setPasswordError(t('withdraw.passkeyCancelled'));
      }
      if (error instanceof ApiError && error.code === 'FEE_CHANGED' && confirming) {
        // The new quote, in the same sheet: the member confirms it (or goes back).
        const amount = confirming.amount;
        void quote.refetch().then(({ data }) => {
          if (!data || data.amount !== amount) return setConfirming(null);
          setConfirming(data);
          setFeeNotice(t('withdraw.feeChanged', { fee: money(data.fee), net: money(data.net) }));
        });
        return;
      }
      setConfirming(null);
      applyServerError(form, error, genericError);
    },
  });
  return {
    confirming,
    feeNotice,
    password,
    passwordError,
    submit,
    hasPasskey: (passkeys.data?.items.length ?? 0) > 0,
    open: (current: WithdrawalQuote) => {
      setPasswordError(undefined);
      setFeeNotice(null);
      setConfirming(current);
    },
    close: () => {
      setConfirming(null);
      setFeeNotice(null);
    },
    typePassword: (value: string) => {
      setPassword(value);
      setPasswordError(undefined);
    },
    refuse: (message: string) => setPasswordError(message),
  };
}

/** The confirm sheet: amount, fee, account and what arrives; then the password or a passkey. */
export function WithdrawConfirmSheet({ confirm, account, money }: { confirm: WithdrawConfirm; account: BankAccount; money: Money }) {
  const { t } = useWalletMessages();
  const { confirming, submit } = confirm;
  return (
    <ConfirmSheet
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open && !submit.isPending) confirm.close();
      }}
      title={t('withdraw.sheetTitle')}
      summary={
        confirming
          ? [
              { label: t('withdraw.sheetAmount'), value: money(confirming.amount) },
              { label: t('withdraw.sheetFee'), value: money(confirming.fee) },
              { label: t('withdraw.sheetAccount'), value: accountName(account) },
              { label: t('withdraw.sheetResult'), value: money(confirming.net), emphasis: true },
            ]
          : undefined
      }
      description={t('withdraw.sheetBody', { account: accountName(account), count: confirming?.payoutBusinessDays ?? 1 })}
    >
      {(close) => <ConfirmStep confirm={confirm} account={account} money={money} close={close} />}
    </ConfirmSheet>
  );
}

function ConfirmStep({
  confirm,
  account,
  money,
  close,
}: {
  confirm: WithdrawConfirm;
  account: BankAccount;
  money: Money;
  close: () => void;
}) {
  const { t } = useWalletMessages();
  const { confirming, submit } = confirm;
  const request = confirming ? { bankAccountId: account.id, amount: confirming.amount, expectedFee: confirming.fee } : null;
  return (
    <div className="flex flex-col gap-4">
      {confirm.feeNotice ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {confirm.feeNotice}
        </p>
      ) : null}
      <Field
        id="withdraw-password"
        type="password"
        autoComplete="current-password"
        label={t('withdraw.password')}
        hint={t('withdraw.passwordHint')}
        value={confirm.password}
        error={confirm.passwordError}
        onChange={(event) => confirm.typePassword(event.target.value)}
      />
      <ConfirmActions
        confirmLabel={confirming ? `${t('withdraw.confirm')} ${money(confirming.amount)}` : t('withdraw.confirm')}
        cancelLabel={t('withdraw.back')}
        isBusy={submit.isPending}
        onConfirm={() => {
          if (!request) return;
          if (!confirm.password) return confirm.refuse(t('withdraw.errors.password'));
          submit.mutate({ ...request, password: confirm.password });
        }}
        close={close}
      />
      {confirm.hasPasskey && (
        <Button variant="ghost" className="w-full" disabled={submit.isPending} onClick={() => request && submit.mutate(request)}>
          <Fingerprint className="size-5" aria-hidden="true" />
          {t('withdraw.usePasskey')}
        </Button>
      )}
    </div>
  );
}
