import { ALERT_TEMPLATES, type AlertTemplate } from '@hyperhook/domain';

/**
 * "Other alert formats" (issue 29, point 6): the domain's ALERT_TEMPLATES, one or more per format
 * hyperhook reads (its own TradingView-strategy form, TradersPost, 3Commas, TVAC, side,
 * PineConnector). The texts are the domain's, checked against the parser there.
 */
export const ALERT_FORMATS_GROUP = {
  id: 'formats',
  title: 'Other alert formats',
  description:
    'hyperhook also reads the alerts of TradersPost, 3Commas, TVAC and PineConnector, and "side" in place of "action": keep an alert you already use, or start from one of these.',
} as const;

/** The templates, in the domain's order. */
export const ALERT_FORMAT_TEMPLATES: readonly AlertTemplate[] = ALERT_TEMPLATES;

/** A template's text as shown and copied: JSON pretty-printed like the other templates, text formats as they are. */
export function alertFormatText(template: AlertTemplate): string {
  try {
    return JSON.stringify(JSON.parse(template.body), null, 2);
  } catch {
    return template.body;
  }
}
