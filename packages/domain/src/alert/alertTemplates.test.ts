import { describe, expect, it } from 'vitest';
import { ALERT_TEMPLATES } from './alertTemplates.js';
import { parseAlert } from './parseAlert.js';

// What TradingView puts in place of each placeholder, for checking the templates.
const SAMPLES: Readonly<Record<string, string>> = {
  '{{ticker}}': 'ETHUSDT.P',
  '{{exchange}}': 'BINANCE',
  '{{close}}': '3000',
  '{{timenow}}': '2026-11-28T12:00:00Z',
  '{{interval}}': '15',
  '{{strategy.order.action}}': 'buy',
  '{{strategy.order.contracts}}': '0.05',
  '{{strategy.market_position}}': 'long',
  '{{strategy.market_position_size}}': '0.05',
  '{{strategy.prev_market_position}}': 'flat',
  '{{strategy.prev_market_position_size}}': '0',
  '{{strategy.position_size}}': '0.05',
};

const filled = (body: string): string => body.replace(/\{\{[^{}]+\}\}/g, (placeholder) => SAMPLES[placeholder] ?? placeholder);

describe('alert templates (issue 29, point 3)', () => {
  it('given every template with its placeholders filled as TradingView would, when parsed, then it is accepted in its own format', () => {
    for (const template of ALERT_TEMPLATES) {
      const result = parseAlert(filled(template.body), 'text/plain');
      expect(result, template.id).toMatchObject({ ok: true });
      if (result.ok) expect(result.alert.format ?? 'native', template.id).toBe(template.id.split('-')[0]);
    }
  });

  it('given the templates, then each id is unique, every format has one, and only those marked hold placeholders', () => {
    expect(new Set(ALERT_TEMPLATES.map((t) => t.id)).size).toBe(ALERT_TEMPLATES.length);
    expect(new Set(ALERT_TEMPLATES.map((t) => t.id.split('-')[0]))).toEqual(new Set(['native', 'tradersPost', 'threeCommas', 'tvac', 'side', 'pineConnector']));
    for (const template of ALERT_TEMPLATES) {
      expect(/\{\{/.test(template.body), template.id).toBe(template.placeholders);
      for (const placeholder of template.body.match(/\{\{[^{}]+\}\}/g) ?? []) expect(Object.keys(SAMPLES), template.id).toContain(placeholder);
    }
  });
});
