import { describe, expect, it } from 'vitest';
import { countPasswordCharacters, validateSignUpInput } from './signUpInput.js';

describe('validateSignUpInput', () => {
  it('VAL-01: email is required', () => {
    const result = validateSignUpInput({ email: '', password: 'secret1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('EMAIL_REQUIRED');
  });

  it('VAL-01: password is required', () => {
    const result = validateSignUpInput({ email: 'a@b.co', password: '' });
    expect(result.ok ? null : result.error.toJSON()).toEqual({
      code: 'PASSWORD_REQUIRED',
      title: 'Password required',
      message: 'Please enter a password.',
      fieldErrors: [{ field: 'password', message: 'Please enter a password.' }],
    });
  });

  it('VAL-02: fewer than 6 characters gives "Password must be at least 6 characters"', () => {
    const result = validateSignUpInput({ email: 'a@b.co', password: '12345' });
    expect(result.ok ? null : result.error.message).toBe('Password must be at least 6 characters');
  });

  it('VAL-03: a different confirmation gives "Passwords do not match"', () => {
    const result = validateSignUpInput({ email: 'a@b.co', password: '123456', confirmPassword: '123457' });
    expect(result.ok ? null : [result.error.code, result.error.message]).toEqual(['PASSWORDS_DO_NOT_MATCH', 'Passwords do not match']);
  });

  it('VAL-01..VAL-03: a valid form normalises the email and keeps the password verbatim', () => {
    expect(validateSignUpInput({ email: ' Me@Example.com ', password: ' pass word ', confirmPassword: ' pass word ' })).toEqual({
      ok: true,
      value: { email: 'me@example.com', password: ' pass word ', passwordLength: 11 },
    });
  });

  it('VAL-02: characters are counted as people count them (an emoji is one)', () => {
    expect(countPasswordCharacters('😀😀😀😀😀')).toBe(5);
    expect(validateSignUpInput({ email: 'a@b.co', password: '😀😀😀😀😀' }).ok).toBe(false);
    expect(validateSignUpInput({ email: 'a@b.co', password: '😀😀😀😀😀😀' }).ok).toBe(true);
  });
});
