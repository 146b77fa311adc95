/** Webhook alert intake: body decoding, field parsing and ticker → coin mapping. */
export {
  AlertActionSchema,
  type AlertAction,
  AlertOrderTypeSchema,
  type AlertOrderType,
  AlertFormatSchema,
  type AlertFormat,
  AlertLadderSchema,
  type AlertLadder,
  LADDER_ORDERS,
  MAX_CANCEL_AFTER_MINUTES,
  ParsedAlertSchema,
  type ParsedAlert,
  AlertRejectionCodeSchema,
  type AlertRejectionCode,
  AlertRejectionSchema,
  type AlertRejection,
} from './alertSchema.js';
export { TakeProfitAskSchema, type TakeProfitAsk, TrailingStopAskSchema, type TrailingStopAsk, MAX_TAKE_PROFITS } from './exitSchemas.js';
export { alertRejection } from './alertRejection.js';
export { parseAlert, ParseAlertResultSchema, type ParseAlertResult } from './parseAlert.js';
export { ALERT_MAX_BODY_BYTES, decodeAlertBody, type DecodedAlertBody } from './decodeAlertBody.js';
export { mapSymbolToCoin, K_PREFIXED_COINS } from './mapSymbolToCoin.js';
export { ALERT_TEMPLATES, type AlertTemplate } from './alertTemplates.js';
export { ALERT_TIME_FIELDS, type AlertTimeField, readTime } from './alertTime.js';
