import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CopyField } from './copy-field';

describe('CopyField', () => {
  it('says “Copy” in words on every copy button, a long value’s as a short one’s', () => {
    render(
      <>
        <CopyField id="code" label="Your invite code" value="ABCD2345" large />
        <CopyField id="link" label="Your invite link" value="https://orchard.example/register?ref=ABCD2345" />
      </>,
    );
    for (const name of ['Copy Your invite code', 'Copy Your invite link']) {
      const button = screen.getByRole('button', { name });
      expect(button.textContent).toBe('Copy');
      // Nothing of its text is hidden at any width.
      expect(button.querySelector('.hidden')).toBeNull();
    }
  });

  it('ends a value too long for its field in an ellipsis', () => {
    render(<CopyField id="link" label="Your invite link" value="https://orchard.example/register?ref=ABCD2345" />);
    expect(screen.getByRole('textbox', { name: 'Your invite link' }).className.split(' ')).toContain('text-ellipsis');
  });
});
