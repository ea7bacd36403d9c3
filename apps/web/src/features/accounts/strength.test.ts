import { describe, expect, it } from 'vitest';
import { passwordBits, passwordStrength } from './strength';

describe('password strength hint', () => {
  it('says nothing for an empty field and "weak" below the minimum length', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('Xy7!kQ2')).toBe('weak');
  });

  it('rates the passwords people reach for first as weak, however long', () => {
    for (const password of ['password123', '12345678', 'aaaaaaaaaaaa', 'qwertyuiop', 'abcdefgh1234', '11111111111111111111']) {
      expect(passwordStrength(password), password).toBe('weak');
    }
  });

  it('rates longer, less predictable passwords higher', () => {
    expect(passwordStrength('quiet-harbor-lantern-42')).toBe('strong');
    expect(['good', 'strong']).toContain(passwordStrength('Tr0ub4dor&3x'));
    expect(passwordBits('maple copper violin')).toBeGreaterThan(passwordBits('maple copper'));
  });

  it('never goes down when a random character is added', () => {
    const levels = ['empty', 'weak', 'fair', 'good', 'strong'];
    let password = 'k';
    let previous = 0;
    for (const next of 'Q7#mZp2!vR9@xL4$') {
      password += next;
      const level = levels.indexOf(passwordStrength(password));
      expect(level).toBeGreaterThanOrEqual(previous);
      previous = level;
    }
  });
});
