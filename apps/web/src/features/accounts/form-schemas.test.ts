import { describe, expect, it } from 'vitest';
import { changePasswordSchema, registerSchema, resetPasswordSchema, verifyCodeSchema } from './form-schemas';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('account form schemas (shared contracts plus what only the form has)', () => {
  it('wants the repeated password to match, and says so under the copy', () => {
    const base = { account: 'ada@example.com', code: '123456', password: 'quiet-harbor-lantern-42' };
    expect(messages(resetPasswordSchema.safeParse({ ...base, repeat: 'quiet-harbor-lantern-43' }))).toEqual({
      repeat: 'The two passwords are not the same.',
    });
    expect(resetPasswordSchema.parse({ ...base, repeat: base.password })).toMatchObject({ account: 'ada@example.com' });
  });

  it('keeps the digits of a pasted code before the contract checks it', () => {
    expect(verifyCodeSchema.parse({ code: ' 123-456 ' })).toEqual({ code: '123456' });
    expect(messages(verifyCodeSchema.safeParse({ code: '12 34' }))).toEqual({ code: 'Enter the 6-digit code.' });
  });

  it('checks only the contact the member chose, and the invite code when the server requires one', () => {
    const member = {
      email: '',
      phone: '',
      displayName: 'Ada',
      password: 'quiet-harbor-lantern-42',
      repeat: 'quiet-harbor-lantern-42',
      acceptedTermsVersion: true,
    };
    expect(registerSchema('email', false).safeParse({ ...member, email: 'ada@example.com', inviteCode: '' }).success).toBe(true);
    expect(messages(registerSchema('phone', false).safeParse({ ...member, email: 'ada@example.com', inviteCode: '' }))).toEqual({
      phone: 'Enter a phone number with its country code, e.g. +15551234567.',
    });
    expect(messages(registerSchema('email', true).safeParse({ ...member, email: 'ada@example.com', inviteCode: '' }))).toEqual({
      inviteCode: 'Enter the invite code from the friend who invited you.',
    });
    expect(registerSchema('email', true).parse({ ...member, email: 'ada@example.com', inviteCode: 'k7m2qx9p' }).inviteCode).toBe(
      'K7M2QX9P',
    );
  });

  it('asks for the terms and privacy box on registration', () => {
    const member = {
      email: 'ada@example.com',
      phone: '',
      displayName: 'Ada',
      password: 'quiet-harbor-lantern-42',
      repeat: 'quiet-harbor-lantern-42',
      inviteCode: '',
    };
    expect(Object.keys(messages(registerSchema('email', false).safeParse({ ...member, acceptedTermsVersion: false })))).toEqual([
      'acceptedTermsVersion',
    ]);
    expect(registerSchema('email', false).safeParse({ ...member, acceptedTermsVersion: true }).success).toBe(true);
  });

  it('asks for the account only when signed out', () => {
    const change = {
      account: '',
      currentPassword: 'old words here',
      newPassword: 'maple-copper-violin-77',
      repeat: 'maple-copper-violin-77',
    };
    expect(changePasswordSchema(true).safeParse(change).success).toBe(true);
    expect(Object.keys(messages(changePasswordSchema(false).safeParse(change)))).toEqual(['account']);
  });
});
