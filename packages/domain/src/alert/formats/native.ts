import { isAbsent } from '../alertFields.js';
import { NATIVE_FIELDS } from '../readNativeAlert.js';
import type { AlertFormatReader } from './alertFormatReader.js';

/** hyperhook's own format (see parseAlert): recognised by `symbol`, read as it is. */
export const nativeFormat: AlertFormatReader = {
  format: 'native',
  reads: NATIVE_FIELDS,
  recognises: (payload) => !isAbsent(Object.hasOwn(payload, 'symbol') ? payload['symbol'] : undefined),
  translate: (payload) => ({ ok: true, fields: payload }),
};
