import { z } from 'zod';
import { IsoTimestampSchema, Sha256HexSchema } from '../eventModel/primitives.js';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';
import { SealedSchema } from '../eventModel/sealed.js';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settingsSchema.js';
import { assertNever } from '../shared/assertNever.js';
import { AccountGuardsSchema, AlertGuardsSchema } from '../guards/alertGuards.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { requireAccount } from '../shared/requireAccount.js';
import { sameSettings, validateSettings } from '../settings/settingsValidation.js';
import {
  evolveStrategies,
  findStrategy,
  initialStrategiesState,
  liveStrategies,
  STRATEGY_EVENTS,
  type StrategiesState,
  type StrategyEvent,
  type StrategyState,
} from './strategiesState.js';
import {
  DEFAULT_PAPER_BALANCE,
  FIRST_STRATEGY_ID,
  MAX_STRATEGIES,
  PaperBalanceSchema,
  strategyField,
  StrategyIdSchema,
  StrategyNameSchema,
  StrategyVenueSchema,
} from '../eventModel/strategyIds.js';

const WebhookSecretSchema = z.object({ secretHash: Sha256HexSchema, sealedSecret: SealedSchema });
const at = { at: IsoTimestampSchema };
const target = { strategyId: StrategyIdSchema, ...at };

/** Record the first strategy of an account older than strategies (the migration; nothing if it is recorded). */
export const RecordFirstStrategySchema = z.object({ type: z.literal('RecordFirstStrategy'), ...at });
/**
 * A new strategy with its own webhook URL and the default settings; `name` is checked by the
 * decider, so it gets a clear message. A `paper` one starts with `paperBalance` (default 10,000).
 */
export const CreateStrategySchema = z.object({
  type: z.literal('CreateStrategy'),
  strategyId: StrategyIdSchema,
  name: z.string(),
  venue: StrategyVenueSchema.optional(),
  paperBalance: z.unknown().optional(),
  webhookSecret: WebhookSecretSchema,
  ...at,
});
/** Rename a strategy. */
export const RenameStrategySchema = z.object({ type: z.literal('RenameStrategy'), ...target, name: z.string() });
/** Save a strategy's whole settings object (taken as received: the decider gives field-level messages). */
export const UpdateStrategySettingsSchema = z.object({ type: z.literal('UpdateStrategySettings'), ...target, settings: z.unknown() });
/** Restore a strategy's settings to the defaults. */
export const ResetStrategySettingsSchema = z.object({ type: z.literal('ResetStrategySettings'), ...target });
/** Stop trading a strategy's alerts (they are still logged). */
export const PauseStrategySchema = z.object({ type: z.literal('PauseStrategy'), ...target });
/** Trade a paused strategy's alerts again. */
export const ResumeStrategySchema = z.object({ type: z.literal('ResumeStrategy'), ...target });
/** Replace a strategy's webhook URL; the old one stops working. */
export const RotateStrategyWebhookSecretSchema = z.object({ type: z.literal('RotateStrategyWebhookSecret'), ...target, ...WebhookSecretSchema.shape });
/** Delete a strategy, keeping its history. */
export const DeleteStrategySchema = z.object({ type: z.literal('DeleteStrategy'), ...target });
/** Start a paper strategy's account over, with `balance` (default: the balance it had). */
export const ResetPaperAccountSchema = z.object({ type: z.literal('ResetPaperAccount'), ...target, balance: z.unknown().optional() });
/** Replace a strategy's guards before the order (issue 42); checked by the decider against AlertGuardsSchema. */
export const SetStrategyGuardsSchema = z.object({ type: z.literal('SetStrategyGuards'), ...target, guards: z.unknown() });
/** Replace the account's guards (issue 42): its daily loss limit over every live strategy. */
export const SetAccountGuardsSchema = z.object({ type: z.literal('SetAccountGuards'), guards: z.unknown(), ...at });
/** Move a paper strategy to the trader's Hyperliquid account, keeping its settings. */
export const PromoteStrategySchema = z.object({ type: z.literal('PromoteStrategy'), ...target });

/**
 * Move a live strategy to a Hyperliquid sub-account of the main account, or back (null). The api
 * checked the venue lists it (`name` as listed) and says how many positions the strategy holds:
 * a strategy holding any is refused, its fills and stops would be left on the account it leaves.
 */
export const BindSubAccountSchema = z.object({
  type: z.literal('BindSubAccount'),
  ...target,
  subAccountAddress: z.string().regex(EVM_ADDRESS_PATTERN).nullable(),
  name: z.string().max(100).optional(),
  openPositions: z.number().int().min(0),
});

/** Commands of the strategies decider. */
export const StrategyCommandSchema = z.discriminatedUnion('type', [
  RecordFirstStrategySchema,
  CreateStrategySchema,
  RenameStrategySchema,
  UpdateStrategySettingsSchema,
  ResetStrategySettingsSchema,
  PauseStrategySchema,
  ResumeStrategySchema,
  RotateStrategyWebhookSecretSchema,
  DeleteStrategySchema,
  ResetPaperAccountSchema,
  PromoteStrategySchema,
  BindSubAccountSchema,
  SetStrategyGuardsSchema,
  SetAccountGuardsSchema,
]);
/** A strategies command. */
export type StrategyCommand = z.infer<typeof StrategyCommandSchema>;

/** Guards checked field by field: a refusal names the field (`cooldownMinutes: …`) for the form. */
function parseGuards<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const [first] = fieldErrors;
  const where = first === undefined || first.field === '' ? '' : `${first.field}: `;
  throw new DomainError('INVALID_GUARDS', 'Unable to save the guards', `${where}${first?.message ?? 'Invalid guards.'}`, fieldErrors);
}

function notFound(): DomainError {
  return new DomainError('STRATEGY_NOT_FOUND', 'Strategy not found', 'No such strategy: it may have been deleted.');
}

/** A name trimmed and checked, and not another live strategy's (case-insensitive). */
function checkedName(state: StrategiesState, raw: string, exceptId?: string): string {
  const parsed = StrategyNameSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid name.';
    throw new DomainError('INVALID_STRATEGY_NAME', 'Invalid strategy name', message, [{ field: 'name', message }]);
  }
  const name = parsed.data;
  const taken = liveStrategies(state).some((s) => s.id !== exceptId && s.name.toLowerCase() === name.toLowerCase());
  if (taken) {
    const message = `A strategy named "${name}" already exists.`;
    throw new DomainError('STRATEGY_NAME_TAKEN', 'Invalid strategy name', message, [{ field: 'name', message }]);
  }
  return name;
}

/** A paper balance checked, with a field-level message. */
function checkedBalance(raw: unknown, fallback: number): number {
  if (raw === undefined) return fallback;
  const parsed = PaperBalanceSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Invalid paper balance.';
  throw new DomainError('INVALID_PAPER_BALANCE', 'Invalid paper balance', message, [{ field: 'paperBalance', message }]);
}

function paperOnly(strategy: StrategyState, what: string): void {
  if (strategy.venue !== 'paper') throw new DomainError('NOT_PAPER', `Unable to ${what}`, `"${strategy.name}" trades on the live account, not on paper.`);
}

function existing(state: StrategiesState, id: string): StrategyState {
  const strategy = findStrategy(state, id);
  if (strategy === undefined) throw notFound();
  return strategy;
}

/** A plain (unfrozen) copy, so events never share the frozen defaults object. */
function copySettings(settings: Settings): Settings {
  return { positionSizing: { ...settings.positionSizing }, riskLimits: { ...settings.riskLimits }, trading: { ...settings.trading } };
}

/** The first strategy's StrategyCreated for an account that lacks it, recorded before any other strategy event. */
function migration(state: StrategiesState, when: string): StrategyEvent[] {
  if (state.firstRecorded) return [];
  const first = state.strategies.find((s) => s.id === FIRST_STRATEGY_ID);
  return [{ type: 'StrategyCreated', v: 1, data: { strategyId: FIRST_STRATEGY_ID, name: first?.name ?? 'Main', venue: 'live', migrated: true, at: when } }];
}

function decideChange(command: Exclude<StrategyCommand, { type: 'RecordFirstStrategy' }>, state: StrategiesState): StrategyEvent[] {
  switch (command.type) {
    case 'CreateStrategy': {
      if (liveStrategies(state).length >= MAX_STRATEGIES) {
        throw new DomainError('TOO_MANY_STRATEGIES', 'Unable to create strategy', `A trader may have at most ${MAX_STRATEGIES} strategies; delete one first.`);
      }
      // Ids are generated by the api; a repeat of the same create (a retried request) records nothing.
      if (state.strategies.some((s) => s.id === command.strategyId)) return [];
      const name = checkedName(state, command.name);
      const venue = command.venue ?? 'live';
      if (venue === 'live' && command.paperBalance !== undefined) {
        const message = 'Only a paper strategy has a paper balance.';
        throw new DomainError('INVALID_PAPER_BALANCE', 'Invalid paper balance', message, [{ field: 'paperBalance', message }]);
      }
      const paper = venue === 'paper' ? { paperBalance: checkedBalance(command.paperBalance, DEFAULT_PAPER_BALANCE) } : {};
      return [
        {
          type: 'StrategyCreated',
          v: 1,
          data: { strategyId: command.strategyId, name, venue, ...paper, settings: copySettings(DEFAULT_SETTINGS), at: command.at },
        },
        { type: 'WebhookSecretRotated', v: 1, data: { ...command.webhookSecret, strategyId: command.strategyId, at: command.at } },
      ];
    }
    case 'RenameStrategy': {
      const strategy = existing(state, command.strategyId);
      const name = checkedName(state, command.name, strategy.id);
      return name === strategy.name ? [] : [{ type: 'StrategyRenamed', v: 1, data: { strategyId: strategy.id, name, at: command.at } }];
    }
    case 'UpdateStrategySettings': {
      const strategy = existing(state, command.strategyId);
      const result = validateSettings(command.settings);
      if (!result.ok) {
        const [first] = result.error;
        throw new DomainError('INVALID_SETTINGS', 'Unable to save settings', first?.message ?? 'Invalid settings.', result.error);
      }
      if (sameSettings(result.value, strategy.settings)) return [];
      return [{ type: 'SettingsUpdated', v: 1, data: { settings: result.value, at: command.at, ...strategyField(strategy.id) } }];
    }
    case 'ResetStrategySettings': {
      const strategy = existing(state, command.strategyId);
      if (sameSettings(DEFAULT_SETTINGS, strategy.settings)) return [];
      return [{ type: 'SettingsReset', v: 1, data: { settings: copySettings(DEFAULT_SETTINGS), at: command.at, ...strategyField(strategy.id) } }];
    }
    case 'SetStrategyGuards': {
      const strategy = existing(state, command.strategyId);
      const guards = parseGuards(AlertGuardsSchema, command.guards);
      // Compared in the schema's key order, whatever order the trader wrote them in.
      if (JSON.stringify(guards) === JSON.stringify(AlertGuardsSchema.parse(strategy.guards ?? {}))) return [];
      return [{ type: 'StrategyGuardsSet', v: 1, data: { strategyId: strategy.id, guards, at: command.at } }];
    }
    case 'SetAccountGuards': {
      const guards = parseGuards(AccountGuardsSchema, command.guards);
      if (JSON.stringify(guards) === JSON.stringify(AccountGuardsSchema.parse(state.accountGuards ?? {}))) return [];
      return [{ type: 'AccountGuardsSet', v: 1, data: { guards, at: command.at } }];
    }
    case 'PauseStrategy': {
      const strategy = existing(state, command.strategyId);
      return strategy.pausedSince === null ? [{ type: 'StrategyPaused', v: 1, data: { strategyId: strategy.id, at: command.at } }] : [];
    }
    case 'ResumeStrategy': {
      const strategy = existing(state, command.strategyId);
      return strategy.pausedSince === null ? [] : [{ type: 'StrategyResumed', v: 1, data: { strategyId: strategy.id, at: command.at } }];
    }
    case 'RotateStrategyWebhookSecret': {
      const strategy = existing(state, command.strategyId);
      if (command.secretHash === strategy.secretHash) {
        throw new DomainError('WEBHOOK_SECRET_UNCHANGED', 'Unable to regenerate webhook', 'The new webhook secret must differ from the current one.');
      }
      return [
        {
          type: 'WebhookSecretRotated',
          v: 1,
          data: { secretHash: command.secretHash, sealedSecret: command.sealedSecret, at: command.at, ...strategyField(strategy.id) },
        },
      ];
    }
    case 'DeleteStrategy': {
      if (command.strategyId === FIRST_STRATEGY_ID) {
        throw new DomainError(
          'FIRST_STRATEGY_KEPT',
          'Unable to delete strategy',
          "The first strategy holds the account's own webhook URL and settings; it can be renamed or paused, not deleted.",
        );
      }
      // Deleting twice (a retried request) is done already.
      if (state.strategies.some((s) => s.id === command.strategyId && s.deletedAt !== null)) return [];
      const strategy = existing(state, command.strategyId);
      return [{ type: 'StrategyDeleted', v: 1, data: { strategyId: strategy.id, at: command.at } }];
    }
    case 'ResetPaperAccount': {
      const strategy = existing(state, command.strategyId);
      paperOnly(strategy, 'reset the paper account');
      const balance = checkedBalance(command.balance, strategy.paper?.balance ?? DEFAULT_PAPER_BALANCE);
      return [{ type: 'PaperAccountReset', v: 1, data: { strategyId: strategy.id, balance, at: command.at } }];
    }
    case 'BindSubAccount': {
      const strategy = existing(state, command.strategyId);
      if (strategy.venue === 'paper') {
        throw new DomainError('PAPER_STRATEGY', 'Paper strategy', 'A paper strategy trades no Hyperliquid account; promote it to live first.', [
          { field: 'subAccountAddress', message: 'A paper strategy trades no Hyperliquid account.' },
        ]);
      }
      const wanted = command.subAccountAddress?.toLowerCase() ?? null;
      if (wanted === (strategy.subAccount?.address ?? null)) return [];
      if (command.openPositions > 0) {
        const message = `"${strategy.name}" holds ${command.openPositions === 1 ? 'a position' : `${command.openPositions} positions`} on the account it trades on now; close them before moving it to another account.`;
        throw new DomainError('STRATEGY_HOLDS_POSITIONS', 'Strategy holds positions', message, [{ field: 'subAccountAddress', message }]);
      }
      return [
        {
          type: 'StrategySubAccountBound',
          v: 1,
          data: {
            strategyId: strategy.id,
            subAccountAddress: wanted,
            ...(wanted !== null && command.name !== undefined ? { name: command.name } : {}),
            at: command.at,
          },
        },
      ];
    }
    case 'PromoteStrategy': {
      const strategy = existing(state, command.strategyId);
      // Promoting twice (a retried request) is done already.
      return strategy.venue === 'paper' ? [{ type: 'StrategyPromoted', v: 1, data: { strategyId: strategy.id, at: command.at } }] : [];
    }
    default:
      return assertNever(command, 'strategy command');
  }
}

function decide(command: StrategyCommand, state: StrategiesState): StrategyEvent[] {
  requireAccount(state);
  const migrated = migration(state, command.at);
  if (command.type === 'RecordFirstStrategy') return migrated;
  const changes = decideChange(command, state);
  // The migration rides along with the trader's first strategy change, never on its own here.
  return changes.length === 0 ? [] : [...migrated, ...changes];
}

/**
 * Strategy rules on `user-<uid>` (issue 29): create (at most MAX_STRATEGIES, names unique),
 * rename, settings (validated as the spec's), pause and resume, webhook URL rotation and delete
 * (the first strategy is kept: it is the account's own URL and settings), and for paper
 * strategies (issue 30) the paper balance, its reset and promotion to live. Every command on a
 * strategy of an account older than strategies records the first strategy first.
 */
export const strategiesDecider: Decider<StrategyCommand, StrategyEvent, StrategiesState> = {
  eventTypes: STRATEGY_EVENTS,
  decide,
  evolve: evolveStrategies,
  initialState: initialStrategiesState,
};
