import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StrengthMeter } from './strength-meter';
import { passwordStrength } from './strength';

describe('StrengthMeter', () => {
  it('says a strong password is strong once, not twice', () => {
    expect(passwordStrength('quiet-harbor-lantern-42')).toBe('strong');
    render(<StrengthMeter id="meter" password="quiet-harbor-lantern-42" />);
    const text = screen.getByText(/Password strength/).textContent ?? '';
    expect(text).toBe('Password strength: strong.');
    expect(text.match(/strong/gi)).toHaveLength(1);
  });

  it('gives a tip, without naming the level again, until the password is strong', () => {
    const { rerender } = render(<StrengthMeter id="meter" password="password123" />);
    expect(screen.getByText(/Password strength/).textContent).toBe(
      'Password strength: weak. Make it longer, or add words that do not belong together.',
    );
    rerender(<StrengthMeter id="meter" password="Tr0ub4dor&3x" />);
    const text = screen.getByText(/Password strength/).textContent ?? '';
    const level = passwordStrength('Tr0ub4dor&3x');
    expect(text.startsWith(`Password strength: ${level}.`)).toBe(true);
    expect(text.toLowerCase().split(level).length - 1).toBe(1);
  });
});
