import type { AlertRejection, AlertRejectionCode } from './alertSchema.js';

/** A field reader's answer: the normalised value, or why the field is refused. */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; rejection: AlertRejection };

/** Builds a rejection; `field` is left out for body-level problems that concern no single field. */
export function alertRejection(code: AlertRejectionCode, message: string, field?: string): AlertRejection {
  return field === undefined ? { code, message } : { code, field, message };
}

/** Shorthand for a failed FieldResult. */
export function fieldRejected<T>(code: AlertRejectionCode, field: string, message: string): FieldResult<T> {
  return { ok: false, rejection: alertRejection(code, message, field) };
}
