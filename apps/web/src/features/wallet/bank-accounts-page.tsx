import { useMemo, useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Landmark, Plus } from 'lucide-react';
import { z } from 'zod';
import { COUNTRY_CODES, ibanCountry, isCountryCode } from '@orchard/shared/countries';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { EmptyState } from '../../components/ui/empty-state';
import { Field, inputClass, noteIds } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { useUiMessages } from '../../components/ui/messages';
import { ApiError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { meQueryOptions } from '../../lib/session';
import {
  bankAccountsQueryOptions,
  createBankAccount,
  deleteBankAccount,
  makeDefaultBankAccount,
  renameBankAccount,
  useBankAccountChange,
  type BankAccount,
} from './api';
import { ListSkeleton } from './components';
import { countryOptions, holderNameMatches } from './logic';
import { useWalletMessages } from './messages';
import { accountName, isCooling, useOpensAt, type OpensAt } from './withdraw-common';

/** /withdraw/bank: my accounts (masked), add one, make one the default, remove one. */
export function BankAccountsPage() {
  const { t } = useWalletMessages();
  const accounts = useQuery(bankAccountsQueryOptions());
  const opensAt = useOpensAt();
  const [adding, setAdding] = useState(false);
  const list = accounts.data?.items ?? [];
  const full = accounts.data ? list.length >= accounts.data.max : false;
  return (
    <Page title={t('bank.title')} backTo="/withdraw">
      {!accounts.data || !opensAt ? (
        <ListSkeleton />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('bank.intro')}</p>
          {list.length === 0 && !adding ? (
            <EmptyState
              icon={<Landmark className="size-6" aria-hidden="true" />}
              title={t('bank.emptyTitle')}
              body={t('bank.emptyBody')}
              action={
                <Button onClick={() => setAdding(true)}>
                  <Plus className="size-4" aria-hidden="true" />
                  {t('bank.addTitle')}
                </Button>
              }
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {list.map((account) => (
                <li key={account.id}>
                  <BankAccountCard account={account} opensAt={opensAt} />
                </li>
              ))}
            </ul>
          )}
          {full ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('bank.max', { max: accounts.data.max })}</p>
          ) : adding ? (
            <AddBankAccountForm onDone={() => setAdding(false)} />
          ) : list.length > 0 ? (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              {t('bank.addTitle')}
            </Button>
          ) : null}
        </div>
      )}
    </Page>
  );
}

/** A country code by its name in the member's language ("DE" → "Germany", "Alemania", "德国"). */
function countryName(code: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

function BankAccountCard({ account, opensAt }: { account: BankAccount; opensAt: OpensAt }) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const [removing, setRemoving] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const makeDefault = useBankAccountChange(() => makeDefaultBankAccount(account.id), {
    onSuccess: () => toast(t('bank.madeDefault')),
    onError: (error) => toast(error instanceof ApiError ? error.message : genericError, 'error'),
  });
  return (
    <Card className="flex flex-col gap-3 p-4">
      <BankAccountSummary account={account} opensAt={opensAt} />
      <div className="flex flex-wrap gap-2">
        {!account.isDefault ? (
          <Button variant="secondary" isBusy={makeDefault.isPending} onClick={() => makeDefault.mutate()}>
            {t('bank.makeDefault')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setRenaming(true)}>
          {t('bank.rename')}
        </Button>
        <Button variant="ghost" onClick={() => setRemoving(true)}>
          {t('bank.remove')}
        </Button>
      </div>
      <ConfirmSheet
        open={renaming}
        onOpenChange={(open) => !open && setRenaming(false)}
        title={t('bank.renameTitle')}
        description={t('bank.renameBody')}
      >
        {(close) => <RenameForm account={account} close={close} onDone={() => setRenaming(false)} />}
      </ConfirmSheet>
      <RemoveBankAccountSheet account={account} open={removing} onClose={() => setRemoving(false)} />
    </Card>
  );
}

/** The account's name, default mark, bank, country, number, holder, and whether payouts to it are open. */
function BankAccountSummary({ account, opensAt }: { account: BankAccount; opensAt: OpensAt }) {
  const { t, locale } = useWalletMessages();
  const cooling = isCooling(account, opensAt);
  return (
    <div className="flex items-start gap-3">
      <span
        className="grid size-10 shrink-0 place-items-center rounded-full bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300"
        aria-hidden="true"
      >
        <Landmark className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-semibold text-gray-900 dark:text-gray-100">
          {account.label ?? account.bankName}
          {account.isDefault ? (
            <span className="bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300 rounded-full px-2 py-0.5 text-xs font-medium">
              {t('bank.default')}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-gray-700 tabular-nums dark:text-gray-300">
          {account.bankName} · {countryName(account.country, locale)} · <span className="whitespace-nowrap">{account.maskedNumber}</span>
        </span>
        <span className="text-xs text-gray-600 dark:text-gray-400">{account.holderName}</span>
        <span className={cn('text-xs', cooling ? 'text-amber-800 dark:text-amber-300' : 'text-green-700 dark:text-green-400')}>
          {cooling ? t('bank.cooling', { when: formatShortDateTime(opensAt(account)) }) : t('bank.ready')}
        </span>
      </div>
    </div>
  );
}

/** "Remove this account?" */
function RemoveBankAccountSheet({ account, open, onClose }: { account: BankAccount; open: boolean; onClose: () => void }) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const remove = useBankAccountChange(() => deleteBankAccount(account.id), {
    onSuccess: () => {
      onClose();
      toast(t('bank.removed'));
    },
    onError: (error) => toast(error instanceof ApiError ? error.message : genericError, 'error'),
  });
  return (
    <ConfirmSheet
      open={open}
      onOpenChange={(next) => {
        if (!next && !remove.isPending) onClose();
      }}
      title={t('bank.removeTitle')}
      description={t('bank.removeBody', { account: accountName(account) })}
    >
      {(close) => (
        <ConfirmActions
          confirmLabel={t('bank.removeConfirm')}
          cancelLabel={t('bank.keep')}
          isBusy={remove.isPending}
          onConfirm={() => remove.mutate()}
          close={close}
          tone="danger"
        />
      )}
    </ConfirmSheet>
  );
}

function RenameForm({ account, close, onDone }: { account: BankAccount; close: () => void; onDone: () => void }) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const schema = useMemo(() => z.object({ label: z.string().trim().max(40) }), []);
  const form = useZodForm(schema, { defaultValues: { label: account.label ?? '' } });
  const rename = useBankAccountChange((label: string) => renameBankAccount(account.id, label || null), {
    onSuccess: () => {
      toast(t('bank.renamed'));
      onDone();
    },
    onError: (error) => applyServerError(form, error, genericError),
  });
  return (
    <Form form={form} className="gap-4" onSubmit={({ label }) => rename.mutate(label)}>
      <TextField name="label" label={t('bank.label')} hint={t('bank.labelHint')} autoComplete="off" maxLength={40} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          {t('withdraw.back')}
        </Button>
        <SubmitButton>{t('bank.renameSave')}</SubmitButton>
      </div>
    </Form>
  );
}

/** The new account's fields as the API takes them; a country other than the IBAN's is refused on the country. */
function useNewBankAccountSchema(countryName: Map<string, string>) {
  const { t } = useWalletMessages();
  return useMemo(
    () =>
      z
        .object({
          holderName: z.string().trim().min(1, t('bank.errors.holderName')).max(80),
          bankName: z.string().trim().min(1, t('bank.errors.bankName')).max(80),
          country: z.string().refine(isCountryCode, t('bank.errors.country')),
          number: z
            .string()
            .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
            .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, t('bank.errors.number'))),
          label: z.string().trim().max(40),
        })
        .superRefine((value, context) => {
          const ibanOf = ibanCountry(value.number);
          if (ibanOf && isCountryCode(value.country) && ibanOf !== value.country) {
            const name = countryName.get(ibanOf) ?? ibanOf;
            context.addIssue({ code: 'custom', path: ['country'], message: t('bank.errors.ibanCountry', { country: name }) });
          }
        }),
    [t, countryName],
  );
}

/**
 * A new account: the holder (a name unlike the member's own warns, without blocking), the bank,
 * its country picked by name in the member's language, and the number. A typed IBAN names its
 * country: the picker follows it, and a country other than the IBAN's is refused here and by the API.
 */
function AddBankAccountForm({ onDone }: { onDone: () => void }) {
  const { t, locale } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const { data: me } = useQuery(meQueryOptions());
  const countries = useMemo(() => countryOptions(COUNTRY_CODES, locale), [locale]);
  const countryName = useMemo(() => new Map(countries.map((option) => [option.value, option.label])), [countries]);
  const schema = useNewBankAccountSchema(countryName);
  const form = useZodForm(schema, { defaultValues: { holderName: '', bankName: '', country: '', number: '', label: '' } });
  const add = useBankAccountChange((body: z.output<typeof schema>) => createBankAccount({ ...body, label: body.label || null }), {
    onSuccess: () => {
      toast(t('bank.added'));
      onDone();
    },
    onError: (error) => applyServerError(form, error, genericError),
  });
  const holderName = form.watch('holderName');
  const holderTouched = Boolean(form.formState.touchedFields.holderName);
  const otherName = holderTouched && me ? !holderNameMatches(String(holderName ?? ''), me.displayName) : false;
  const derived = ibanCountry(String(form.watch('number') ?? ''));
  return (
    <Card className="p-4">
      <Form form={form} className="gap-4" onSubmit={(values) => add.mutate(values)}>
        <h2 className="text-base font-semibold text-gray-900 dark:text-gray-100">{t('bank.addTitle')}</h2>
        <TextField
          name="holderName"
          label={t('bank.holderName')}
          hint={
            otherName && me ? (
              <span className="text-amber-800 dark:text-amber-300">{t('bank.holderOther', { name: me.displayName })}</span>
            ) : (
              t('bank.holderHint')
            )
          }
          autoComplete="name"
        />
        <TextField name="bankName" label={t('bank.bankName')} autoComplete="off" />
        <TextField
          name="number"
          label={t('bank.number')}
          hint={t('bank.numberHint')}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            // A whole IBAN says which country its bank is in: the picker follows it.
            const country = ibanCountry(event.target.value);
            if (country) form.setValue('country', country, { shouldValidate: form.formState.isSubmitted });
          }}
        />
        <CountryField
          options={countries}
          hint={
            derived && countryName.has(derived) ? t('bank.countryFromIban', { country: countryName.get(derived)! }) : t('bank.countryHint')
          }
        />
        <TextField name="label" label={t('bank.label')} hint={t('bank.labelHint')} autoComplete="off" />
        <SubmitButton>{t('bank.add')}</SubmitButton>
      </Form>
    </Card>
  );
}

/** The bank's country, by name (the value sent is its ISO code). */
function CountryField({ options, hint }: { options: Array<{ value: string; label: string }>; hint: string }) {
  const { t } = useWalletMessages();
  const form = useFormContext();
  const error = useFieldError('country');
  const id = 'country';
  return (
    <Field
      id={id}
      label={t('bank.country')}
      error={error}
      hint={hint}
      control={
        <select
          id={id}
          autoComplete="country"
          aria-invalid={error ? true : undefined}
          aria-describedby={noteIds(id, error, hint)}
          className={inputClass}
          {...form.register('country')}
        >
          <option value="" disabled>
            {t('bank.countryChoose')}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      }
    />
  );
}
