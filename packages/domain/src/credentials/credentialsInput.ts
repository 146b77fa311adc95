import { DomainError, type FieldError } from '../shared/domainError.js';
import { EVM_ADDRESS_PATTERN, PRIVATE_KEY_PATTERN, sameAddress } from '../shared/hexPatterns.js';
import { err, ok, type Result } from '../shared/result.js';

/** The keys form after trimming and checking: ready to seal the private key and decide SaveCredentials. */
export interface CredentialsInput {
  readonly apiWalletAddress: string;
  readonly privateKey: string;
  readonly accountAddress: string;
  readonly isTestnet: boolean;
}

/**
 * The POST /api/keys body as it arrives: `hyperliquidApiKey` is the API wallet
 * address. Fields are `unknown` because a client may send anything.
 */
export interface RawCredentialsInput {
  readonly hyperliquidApiKey?: unknown;
  readonly hyperliquidPrivateKey?: unknown;
  readonly accountAddress?: unknown;
  readonly isTestnet?: unknown;
}

/** The refusals of the keys form; the spec's own words for a malformed address and for two equal ones. */
export const CREDENTIALS_ERRORS = {
  API_WALLET_ADDRESS_REQUIRED: { field: 'hyperliquidApiKey', title: 'Missing API wallet address', message: 'API wallet address is required.' },
  PRIVATE_KEY_REQUIRED: { field: 'hyperliquidPrivateKey', title: 'Missing private key', message: 'Private key is required.' },
  ACCOUNT_ADDRESS_REQUIRED: { field: 'accountAddress', title: 'Missing account address', message: 'Main account address is required.' },
  INVALID_API_WALLET_ADDRESS: {
    field: 'hyperliquidApiKey',
    title: 'Invalid API wallet address',
    message: 'API wallet address must be 0x followed by 40 hexadecimal characters.',
  },
  INVALID_PRIVATE_KEY: {
    field: 'hyperliquidPrivateKey',
    title: 'Invalid private key',
    message: 'Private key must be 0x followed by 64 hexadecimal characters.',
  },
  INVALID_ACCOUNT_ADDRESS: {
    field: 'accountAddress',
    title: 'Invalid account address',
    message: 'Main account address must be 0x followed by 40 hexadecimal characters.',
  },
  SAME_ADDRESSES: {
    field: 'accountAddress',
    title: 'Two different addresses required',
    message: 'The main account address cannot be the same as the API wallet address.',
  },
} as const;

/** A credentials refusal code. */
export type CredentialsErrorCode = keyof typeof CREDENTIALS_ERRORS;

/** Builds the error for one code; `all` lists every problem found (for forms), the headline being the first. */
export function credentialsError(code: CredentialsErrorCode, all: readonly CredentialsErrorCode[] = [code]): DomainError {
  const { title, message } = CREDENTIALS_ERRORS[code];
  const fieldErrors: FieldError[] = all.map((c) => ({ field: CREDENTIALS_ERRORS[c].field, message: CREDENTIALS_ERRORS[c].message }));
  return new DomainError(code, title, message, fieldErrors);
}

/**
 * Address rules shared by the form check and the decider: both addresses well-formed and different,
 * case-insensitively. Returns the problems in form order.
 */
export function addressProblems(apiWalletAddress: string, accountAddress: string): CredentialsErrorCode[] {
  const problems: CredentialsErrorCode[] = [];
  const apiOk = EVM_ADDRESS_PATTERN.test(apiWalletAddress);
  const accountOk = EVM_ADDRESS_PATTERN.test(accountAddress);
  if (!apiOk) problems.push('INVALID_API_WALLET_ADDRESS');
  if (!accountOk) problems.push('INVALID_ACCOUNT_ADDRESS');
  if (apiOk && accountOk && sameAddress(apiWalletAddress, accountAddress)) problems.push('SAME_ADDRESSES');
  return problems;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Step one of saving keys (spec §5): trims the three fields, requires them and
 * checks their patterns and that the addresses differ.
 * Pure, so the api can run it before the private key is sealed; the sealed key then goes into
 * SaveCredentials. Problems are reported in form order (API wallet, private key, main account);
 * the returned error is the first, with every problem in `fieldErrors`. The private key is never
 * echoed in a message.
 */
export function validateCredentialsInput(raw: RawCredentialsInput): Result<CredentialsInput, DomainError> {
  const apiWalletAddress = text(raw.hyperliquidApiKey);
  const privateKey = text(raw.hyperliquidPrivateKey);
  const accountAddress = text(raw.accountAddress);
  const missing: CredentialsErrorCode[] = [];
  if (apiWalletAddress === '') missing.push('API_WALLET_ADDRESS_REQUIRED');
  if (privateKey === '') missing.push('PRIVATE_KEY_REQUIRED');
  if (accountAddress === '') missing.push('ACCOUNT_ADDRESS_REQUIRED');
  const [firstMissing] = missing;
  if (firstMissing) return err(credentialsError(firstMissing, missing));

  // Form order: API wallet, private key, main account, then the cross-field rule.
  const addresses = addressProblems(apiWalletAddress, accountAddress);
  const problems: CredentialsErrorCode[] = addresses.filter((p) => p === 'INVALID_API_WALLET_ADDRESS');
  if (!PRIVATE_KEY_PATTERN.test(privateKey)) problems.push('INVALID_PRIVATE_KEY');
  problems.push(...addresses.filter((p) => p !== 'INVALID_API_WALLET_ADDRESS'));
  const [first] = problems;
  if (first) return err(credentialsError(first, problems));
  // Mainnet is the default (the keys card's badge); a form may send the checkbox as a boolean or as text.
  return ok({ apiWalletAddress, privateKey, accountAddress, isTestnet: raw.isTestnet === true || raw.isTestnet === 'true' });
}
