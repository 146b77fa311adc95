import { z } from 'zod';
import { AccountEventSchema, type AccountEvent } from './accountStreamEvents.js';
import { PaperEventSchema, type PaperEvent } from '../paper/paperEvents.js';
import { BacktestEventSchema } from '../analytics/backtest/backtestEvents.js';
import { SignalEventSchema, type SignalEvent } from '../signal/signalEvents.js';
import type { StreamCategory } from './streams.js';
import { ReservationEventSchema } from '../user/reservationEvents.js';
import { UserEventSchema, type UserEvent } from './userStreamEvents.js';

/** Every domain event, discriminated by `type`. */
export const DomainEventSchema = z.discriminatedUnion('type', [
  ...UserEventSchema.options,
  ...SignalEventSchema.options,
  ...AccountEventSchema.options,
  ...PaperEventSchema.options,
  ...BacktestEventSchema.options,
  ...ReservationEventSchema.options,
]);
/** Any domain event. */
export type DomainEvent = z.infer<typeof DomainEventSchema>;
/** The name of a domain event. */
export type DomainEventType = DomainEvent['type'];
/** The event of a given name. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

const categoryOf = (schemas: readonly { shape: { type: { value: string } } }[], category: StreamCategory) =>
  schemas.map((s) => [s.shape.type.value, category] as const);

/** Which stream category each event type is appended to; an event never appears in another. */
export const EVENT_STREAM_CATEGORY: Readonly<Record<DomainEventType, StreamCategory>> = Object.freeze(
  Object.fromEntries([
    ...categoryOf(UserEventSchema.options, 'user'),
    ...categoryOf(SignalEventSchema.options, 'signal'),
    ...categoryOf(AccountEventSchema.options, 'account'),
    ...categoryOf(PaperEventSchema.options, 'paper'),
    ...categoryOf(BacktestEventSchema.options, 'backtest'),
    ['EmailClaimed', 'email'] as const,
    ['IdentityClaimed', 'identity'] as const,
  ]) as Record<DomainEventType, StreamCategory>,
);

/** The current schema version of each event type: what new events are written with. */
export const CURRENT_EVENT_VERSION: Readonly<Record<DomainEventType, number>> = Object.freeze(
  Object.fromEntries(DomainEventSchema.options.map((s) => [s.shape.type.value, s.shape.v.value])) as Record<DomainEventType, number>,
);

/** All event type names. */
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = Object.freeze(Object.keys(EVENT_STREAM_CATEGORY) as DomainEventType[]);

/** True for an event of a `user-<uid>` stream. */
export function isUserEvent(event: DomainEvent): event is UserEvent {
  return EVENT_STREAM_CATEGORY[event.type] === 'user';
}

/** True for an event of a `signal-<id>` stream. */
export function isSignalEvent(event: DomainEvent): event is SignalEvent {
  return EVENT_STREAM_CATEGORY[event.type] === 'signal';
}

/** True for an event of an `account-<uid>` stream. */
export function isAccountEvent(event: DomainEvent): event is AccountEvent {
  return EVENT_STREAM_CATEGORY[event.type] === 'account';
}

/** True for an event of a `paper-<uid>` stream. */
export function isPaperEvent(event: DomainEvent): event is PaperEvent {
  return EVENT_STREAM_CATEGORY[event.type] === 'paper';
}
