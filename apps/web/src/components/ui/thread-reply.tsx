import { supportMessageBodySchema, type SupportMessageBody } from '@orchard/shared';
import { Button } from './button';
import { Card } from './card';
import { TextAreaField } from './console-fields';
import { Form, SubmitButton, useZodForm } from './form';
import { toast } from './toast';

interface ThreadReplyProps {
  label: string;
  hint: string;
  rows: number;
  send: { label: string; done: string; run: (body: SupportMessageBody) => Promise<unknown> };
  /** The close beside the send, or none (a closed request). */
  close?: { label: string; done: string; failed: string; busy: boolean; run: (callbacks: { onSuccess: () => void; onError: () => void }) => void };
}

/** The reply under a support request's thread (the form kit): the message, send, and the close beside it. */
export function ThreadReply({ label, hint, rows, send, close }: ThreadReplyProps) {
  const form = useZodForm(supportMessageBodySchema, { defaultValues: { body: '' } });
  return (
    <Card>
      <Form
        form={form}
        onSubmit={async (values) => {
          await send.run(values);
          form.reset();
          toast(send.done);
        }}
      >
        <TextAreaField name="body" label={label} hint={hint} rows={rows} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <SubmitButton className="sm:w-auto">{send.label}</SubmitButton>
          {close ? (
            <Button
              variant="secondary"
              isBusy={close.busy}
              onClick={() => close.run({ onSuccess: () => toast(close.done), onError: () => toast(close.failed, 'error') })}
            >
              {close.label}
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
