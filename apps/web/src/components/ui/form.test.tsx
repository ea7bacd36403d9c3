import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { accountField, currentPasswordField } from '@orchard/shared';
import { ApiError } from '../../lib/api-client';
import { buttonClass } from './button';
import { Form, MoneyField, SubmitButton, TextField, useZodForm } from './form';
import { fieldPaths, splitServerError } from './form-errors';
import { moneyText } from './money-schema';

const signIn = z.strictObject({ account: accountField, password: currentPasswordField });

function SignInForm({ onSubmit }: { onSubmit: (values: z.output<typeof signIn>) => unknown }) {
  const form = useZodForm(signIn, { defaultValues: { account: '', password: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField name="account" label="Email or phone" inputMode="email" autoComplete="username" hint="Your login." />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" />
      <SubmitButton>Sign in</SubmitButton>
    </Form>
  );
}

const typeInto = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));

describe('form kit', () => {
  it('validates with the shared schema and puts each message under its field', async () => {
    const onSubmit = vi.fn();
    render(<SignInForm onSubmit={onSubmit} />);
    const account = screen.getByLabelText('Email or phone');
    expect(account.getAttribute('inputmode')).toBe('email');
    expect(account.getAttribute('autocomplete')).toBe('username');
    expect(account.getAttribute('aria-invalid')).toBeNull();
    typeInto('Email or phone', 'not an account');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(account.getAttribute('aria-invalid')).toBe('true');
    const described = (account.getAttribute('aria-describedby') ?? '').split(' ');
    const error = document.getElementById(described[0]!);
    expect(error?.textContent).toMatch(/email address or your phone number/);
    // The hint stays linked after the error.
    expect(document.getElementById(described[1]!)?.textContent).toBe('Your login.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits the parsed values (trimmed by the schema)', async () => {
    const onSubmit = vi.fn();
    render(<SignInForm onSubmit={onSubmit} />);
    typeInto('Email or phone', '  ada@example.com ');
    typeInto('Password', 'secret words');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ account: 'ada@example.com', password: 'secret words' });
  });

  it('puts server field messages on their fields and other failures in one alert', async () => {
    let failure: unknown = new ApiError(400, 'VALIDATION_FAILED', 'Check the form.', { password: 'Too common.' });
    render(<SignInForm onSubmit={() => Promise.reject(failure)} />);
    typeInto('Email or phone', 'ada@example.com');
    typeInto('Password', 'password1');
    await submit();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('Too common.');
    expect(screen.queryByRole('alert')).toBeNull();

    failure = new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 14 minutes.');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 14 minutes.');
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });

  it('disables the submit button with a spinner while the request runs', async () => {
    let finish: () => void = () => undefined;
    render(<SignInForm onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    typeInto('Email or phone', 'ada@example.com');
    typeInto('Password', 'secret words');
    await submit();
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    await waitFor(() => expect(button.disabled).toBe(false));
  });
});

/** A form with a group of fields per language, as the console's content editors have. */
const translated = z.object({ title: z.string(), translations: z.object({ es: z.object({ title: z.string() }) }) });
function TranslatedForm({ onSubmit }: { onSubmit: () => unknown }) {
  const form = useZodForm(translated, { defaultValues: { title: 'Hello', translations: { es: { title: 'Hola' } } } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField name="title" label="Title" />
      <TextField name="translations.es.title" label="Título" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

describe('nested fields', () => {
  it('names every field of nested groups by its dotted path; lists, dates and files are one field', () => {
    expect(fieldPaths({ a: '', g: { es: { t: '', b: '' }, zh: {} }, list: ['x'], at: new Date(0), none: null })).toEqual([
      'a',
      'g.es.t',
      'g.es.b',
      'list',
      'at',
      'none',
    ]);
  });

  it('puts a server message for a nested field (translations.es.title) on that field', async () => {
    const failure = new ApiError(400, 'VALIDATION_FAILED', 'Some fields need attention.', {
      'translations.es.title': 'Use at most 120 characters.',
    });
    render(<TranslatedForm onSubmit={() => Promise.reject(failure)} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const spanish = screen.getByLabelText('Título');
    expect(spanish.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(spanish.getAttribute('aria-describedby')!)?.textContent).toBe('Use at most 120 characters.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the submit button', () => {
  function OneButton(props: { variant?: 'primary' | 'danger'; disabled?: boolean; describedBy?: string }) {
    const form = useZodForm(z.object({}), { defaultValues: {} });
    return (
      <Form form={form} onSubmit={() => undefined}>
        <p id="why">Not before 29 Nov.</p>
        <SubmitButton variant={props.variant} disabled={props.disabled} aria-describedby={props.describedBy}>
          Go
        </SubmitButton>
      </Form>
    );
  }
  const classes = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

  it('looks destructive as danger: the danger colours, none of the primary green', () => {
    render(<OneButton variant="danger" />);
    const button = classes(screen.getByRole('button', { name: 'Go' }).className);
    for (const name of classes(buttonClass('danger'))) expect(button.has(name), name).toBe(true);
    const primaryOnly = [...classes(buttonClass('primary'))].filter((name) => !classes(buttonClass('danger')).has(name));
    expect(primaryOnly.length).toBeGreaterThan(0);
    for (const name of primaryOnly) expect(button.has(name), name).toBe(false);
  });

  it('waits, disabled, with its reason said beside it', () => {
    render(<OneButton disabled describedBy="why" />);
    const button = screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('why');
  });
});

describe('splitServerError', () => {
  it('sends messages of fields the form does not show to the form-level message', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Check the form.', { email: 'Taken.', body: 'Unknown key.' });
    expect(splitServerError(error, ['email'], 'x')).toEqual({ fields: { email: 'Taken.' }, message: 'Unknown key.' });
    expect(splitServerError(new Error('boom'), ['email'], 'Something went wrong.')).toEqual({
      fields: {},
      message: 'Something went wrong.',
    });
  });
});

describe('MoneyField', () => {
  const messages = { required: 'Enter an amount.', invalid: 'Enter an amount such as 12.50.', tooLow: 'Too low.', tooHigh: 'Too high.' };
  const schema = z.object({ amount: moneyText(2, { min: 500, max: 100_000 }, messages) });

  function Recharge({ onSubmit }: { onSubmit: (values: { amount: number }) => void }) {
    const form = useZodForm(schema, { defaultValues: { amount: '' } });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <MoneyField name="amount" label="Amount" currency="USD" presets={[{ value: '50', label: '$50.00' }]} presetsLabel="Suggested" />
        <SubmitButton>Continue</SubmitButton>
      </Form>
    );
  }

  it('takes major units and gives integer minor units; shows the currency', async () => {
    const onSubmit = vi.fn();
    render(<Recharge onSubmit={onSubmit} />);
    const amount = screen.getByLabelText('Amount');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('USD')).toBeTruthy();
    fireEvent.input(amount, { target: { value: '12,5' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).toHaveBeenCalledWith({ amount: 1250 });
  });

  it('refuses amounts out of range or with too many decimals, and fills a preset', async () => {
    const onSubmit = vi.fn();
    render(<Recharge onSubmit={onSubmit} />);
    const amount = screen.getByLabelText('Amount');
    for (const [text, message] of [
      ['', 'Enter an amount.'],
      ['12.505', 'Enter an amount such as 12.50.'],
      ['4.99', 'Too low.'],
      ['1000.01', 'Too high.'],
    ] as const) {
      fireEvent.input(amount, { target: { value: text } });
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
      expect(screen.getByText(message)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '$50.00' }));
    expect((amount as HTMLInputElement).value).toBe('50');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).toHaveBeenCalledWith({ amount: 5000 });
  });
});
