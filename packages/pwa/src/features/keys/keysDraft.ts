import { validateCredentialsInput, type CredentialsInput } from '@hyperhook/domain';

/** One field's problem, as the domain's refusals (and the api's 400 answers) carry them. */
type FieldError = Extract<ReturnType<typeof validateCredentialsInput>, { ok: false }>['error']['fieldErrors'][number];

/** What the keys form holds while it is edited (untrimmed: the domain trims). */
export interface KeysDraft {
  readonly apiWalletAddress: string;
  readonly privateKey: string;
  readonly accountAddress: string;
  readonly isTestnet: boolean;
}

export type KeysField = 'apiWalletAddress' | 'privateKey' | 'accountAddress';

export const EMPTY_DRAFT: KeysDraft = { apiWalletAddress: '', privateKey: '', accountAddress: '', isTestnet: false };

/** The save payload's field names → the form's. */
const FIELD_OF: Readonly<Record<string, KeysField>> = {
  hyperliquidApiKey: 'apiWalletAddress',
  hyperliquidPrivateKey: 'privateKey',
  accountAddress: 'accountAddress',
};

/** The first message per form field of a refusal's field errors (the domain's, or the api's). */
export function fieldMessages(errors: readonly FieldError[]): Partial<Record<KeysField, string>> {
  const messages: Partial<Record<KeysField, string>> = {};
  for (const { field, message } of errors) {
    const key = FIELD_OF[field];
    if (key !== undefined && messages[key] === undefined) messages[key] = message;
  }
  return messages;
}

/** A refusal as the form shows it: the headline (the spec's title and sentence) and each field's message. */
export interface KeysProblems {
  readonly title: string;
  readonly message: string;
  readonly fields: Partial<Record<KeysField, string>>;
}

export type KeysCheck = { readonly ok: true; readonly input: CredentialsInput } | { readonly ok: false; readonly problems: KeysProblems };

/** Checks the draft with the domain's rules before anything is sent. */
export function checkKeysDraft(draft: KeysDraft): KeysCheck {
  const result = validateCredentialsInput({
    hyperliquidApiKey: draft.apiWalletAddress,
    hyperliquidPrivateKey: draft.privateKey,
    accountAddress: draft.accountAddress,
    isTestnet: draft.isTestnet,
  });
  if (result.ok) return { ok: true, input: result.value };
  const { title, message, fieldErrors } = result.error;
  return { ok: false, problems: { title, message, fields: fieldMessages(fieldErrors) } };
}
