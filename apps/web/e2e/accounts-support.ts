import type { APIRequestContext, Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Splits one raw single-part message into headers and decoded text. */
export function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to, subject: header('Subject'), text };
}

/** An SMTP sink for the server's outbox: keeps every message it is given. */
export class MailSink {
  readonly mails: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase()).join(',');
        this.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });

  start(port: number) {
    return new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next message to `to` whose text matches `pattern`, not counting ones already taken. */
  async next(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const index = this.mails.findIndex((mail) => mail.to === to.toLowerCase() && pattern.test(mail.text));
      if (index >= 0) {
        const [mail] = this.mails.splice(index, 1);
        return pattern.exec(mail!.text)!;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No message to ${to} matching ${pattern} within ${timeoutMs} ms`);
  }
}

let counter = 0;
/** A fresh address per call, unique across runs against the same server. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@e2e.test`;
}

/** Registers and verifies a member through the API, with the code from the sink. */
export async function registerThroughApi(request: APIRequestContext, sink: MailSink, email: string, password: string, displayName: string) {
  // Registration names the terms version accepted: the current one, from the auth options.
  const { termsVersion } = (await (await request.get('/api/v1/auth/options')).json()) as { termsVersion: string };
  const started = await request.post('/api/v1/auth/register', {
    data: { email, password, displayName, acceptedTermsVersion: termsVersion },
  });
  if (!started.ok()) throw new Error(`register ${email}: ${started.status()} ${await started.text()}`);
  const { verificationId } = (await started.json()) as { verificationId: string };
  const [, code] = await sink.next(email, /verification code is (\d{6})/);
  const verified = await request.post('/api/v1/auth/verify', { data: { verificationId, code } });
  if (!verified.ok()) throw new Error(`verify ${email}: ${verified.status()} ${await verified.text()}`);
  return { registeredAt: Date.now() };
}

export async function signInThroughForm(page: Page, account: string, password: string) {
  await page.getByLabel('Email or phone').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
