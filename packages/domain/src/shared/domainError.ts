/**
 * Stable codes for every rule a decider or a validator can refuse on. Callers branch on the code;
 * people read the title and message, which are the spec's own words where the spec gives them.
 */
export type DomainErrorCode =
  // account and sign-up (spec §5)
  | 'EMAIL_REQUIRED'
  | 'EMAIL_INVALID'
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORDS_DO_NOT_MATCH'
  | 'ACCOUNT_EXISTS'
  | 'ACCOUNT_NOT_FOUND'
  | 'WEBHOOK_SECRET_UNCHANGED'
  | 'INVALID_IP_ALLOWLIST'
  // credentials (spec §5)
  | 'API_WALLET_ADDRESS_REQUIRED'
  | 'PRIVATE_KEY_REQUIRED'
  | 'ACCOUNT_ADDRESS_REQUIRED'
  | 'INVALID_API_WALLET_ADDRESS'
  | 'INVALID_PRIVATE_KEY'
  | 'INVALID_ACCOUNT_ADDRESS'
  | 'SAME_ADDRESSES'
  | 'DATA_KEY_DESTROYED'
  // settings (spec §5)
  | 'INVALID_SETTINGS'
  // strategies (issue 29)
  | 'STRATEGY_NOT_FOUND'
  | 'STRATEGY_NAME_TAKEN'
  | 'INVALID_STRATEGY_NAME'
  | 'TOO_MANY_STRATEGIES'
  | 'FIRST_STRATEGY_KEPT'
  // paper strategies (issue 30)
  | 'INVALID_PAPER_BALANCE'
  | 'NOT_PAPER'
  // guards before the order (issue 42)
  | 'INVALID_GUARDS'
  // strategies on sub-accounts (issue 39)
  | 'PAPER_STRATEGY'
  | 'STRATEGY_HOLDS_POSITIONS'
  // referral (spec §5)
  | 'UNAUTHENTICATED'
  | 'INVALID_REFERRAL'
  // push subscriptions
  | 'INVALID_PUSH_SUBSCRIPTION'
  // notification channels (issue 30)
  | 'INVALID_NOTIFICATION_CHANNELS'
  | 'INVALID_NOTIFICATION_PREFERENCES'
  // signal life (spec §4)
  | 'SIGNAL_NOT_FOUND'
  | 'SIGNAL_ID_CONFLICT'
  | 'SIGNAL_TERMINAL'
  | 'APPROVAL_ALREADY_ANSWERED'
  | 'INVALID_SIGNAL_TRANSITION'
  | 'ORDER_ALREADY_SUBMITTED'
  | 'CLOID_MISMATCH';

/** One field's problem, for forms that show errors beside their inputs. */
export interface FieldError {
  /** Dotted path of the field, e.g. `riskLimits.maxPositionSize` or `accountAddress`. */
  readonly field: string;
  /** A sentence for people. */
  readonly message: string;
}

/**
 * A refused command or input. Deciders throw it (as Emmett's deciders do) so that
 * `decide` keeps the plain `Event[]` return type; validators return it inside a result.
 * `title` and `message` follow the spec's title / description pairs (e.g. "Invalid account address").
 */
export class DomainError extends Error {
  /** Stable machine-readable code. */
  readonly code: DomainErrorCode;
  /** Short heading, e.g. a toast title. */
  readonly title: string;
  /** Field-level details when the refusal concerns a form (settings, credentials). */
  readonly fieldErrors: readonly FieldError[];

  constructor(code: DomainErrorCode, title: string, message: string, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.title = title;
    this.fieldErrors = fieldErrors;
  }

  /** A plain, JSON-friendly copy (Error's own properties are not enumerable). */
  toJSON(): { code: DomainErrorCode; title: string; message: string; fieldErrors: readonly FieldError[] } {
    return { code: this.code, title: this.title, message: this.message, fieldErrors: this.fieldErrors };
  }
}

/** True for a {@link DomainError}, also across module copies (checks the shape, not only the prototype). */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError || (value instanceof Error && value.name === 'DomainError' && typeof (value as { code?: unknown }).code === 'string');
}
