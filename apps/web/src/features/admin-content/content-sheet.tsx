import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { useAdminContentMessages } from './messages';

/** The sheet every content item is written in: its fields, then Cancel and Save; saved, it says so and closes. */
export function ContentSheet<In extends FieldValues, Out>({
  title,
  form,
  onSave,
  onClose,
  children,
}: {
  title: string;
  form: UseFormReturn<In, unknown, Out>;
  onSave: (body: Out) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useAdminContentMessages();
  return (
    <ConfirmSheet open onOpenChange={(next) => !next && onClose()} title={title} size="wide">
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            await onSave(body);
            toast(t('common.saved'));
            onClose();
          }}
        >
          {children}
          <DecisionButtons close={close} backLabel={t('common.cancel')} confirmLabel={t('common.save')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}
