import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmActions, ConfirmSheet } from './confirm-sheet';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Withdraw
      </button>
      <ConfirmSheet
        open={open}
        onOpenChange={setOpen}
        title="Check your withdrawal"
        description="The money leaves your wallet now."
        summary={[
          { label: 'Amount', value: '$50.00' },
          { label: 'Fee', value: '$1.50' },
          { label: 'You will receive', value: '$48.50', emphasis: true },
        ]}
      >
        {(close) => <ConfirmActions confirmLabel="Withdraw $50.00" cancelLabel="Back" onConfirm={onConfirm} close={close} />}
      </ConfirmSheet>
    </>
  );
}

describe('ConfirmSheet', () => {
  it('is a dialog named by its title that restates amount, fee and result', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your withdrawal' }, { timeout: 5000 }); // the sheet's code loads on open
    expect(dialog.textContent).toContain('The money leaves your wallet now.');
    const terms = [...dialog.querySelectorAll('dt')].map((node) => node.textContent);
    const values = [...dialog.querySelectorAll('dd')].map((node) => node.textContent);
    expect(terms).toEqual(['Amount', 'Fee', 'You will receive']);
    expect(values).toEqual(['$50.00', '$1.50', '$48.50']);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw $50.00' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
