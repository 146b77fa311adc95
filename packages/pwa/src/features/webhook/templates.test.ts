import { parseAlert } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { ALERT_FIELDS } from './fieldReference';
import { SAMPLE_PLACEHOLDER_VALUES, TEMPLATE_GROUPS, templateText, withSampleValues } from './templates';

const all = TEMPLATE_GROUPS.flatMap((group) => group.templates.map((template) => ({ group, template, text: templateText(template) })));
const parsedAll = all.map(({ group, template, text }) => ({ template, result: parseAlert(group.placeholders ? withSampleValues(text) : text, 'text/plain') }));

describe('webhook templates (spec §9 CONST-07..CONST-11)', () => {
  it('TAB-WEBHOOK-07, TAB-WEBHOOK-11: given the groups, then market, limit, risk management, close and TradingView placeholders, each with samples', () => {
    expect(TEMPLATE_GROUPS.map((g) => g.title)).toEqual([
      'Market orders',
      'Limit orders',
      'Risk management',
      'Close a position',
      'TradingView strategy placeholders',
    ]);
    for (const group of TEMPLATE_GROUPS) expect(group.templates.length).toBeGreaterThan(0);
    expect(new Set(all.map((t) => t.template.id)).size).toBe(all.length);
  });

  it("TAB-WEBHOOK-10: given every sample (TradingView placeholders filled with sample values), then the product's parser accepts it", () => {
    for (const { template, result } of parsedAll) {
      expect(result, template.id).toMatchObject({ ok: true });
    }
  });

  it('TAB-WEBHOOK-10: given a placeholder sample as copied, then only known TradingView placeholders are in it and they are all filled for checking', () => {
    const placeholders = all.filter((t) => t.group.placeholders).flatMap((t) => t.text.match(/\{\{[^{}]+\}\}/g) ?? []);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const p of placeholders) expect(Object.keys(SAMPLE_PLACEHOLDER_VALUES)).toContain(p);
    expect(withSampleValues('{{ticker}} {{unknown}}')).toBe('BTCUSDT {{unknown}}');
    // Plain samples hold no placeholder: they are pasted as they are.
    for (const t of all.filter((x) => !x.group.placeholders)) expect(t.text).not.toContain('{{');
  });

  it('CONST-07, CONST-10: given the samples, then orderType is market unless a limit order gives its price', () => {
    for (const { template, result } of parsedAll) {
      if (!result.ok) throw new Error(template.id);
      if (result.alert.orderType === 'limit') expect(result.alert.price, template.id).toBeGreaterThan(0);
      else expect(template.payload.orderType ?? 'market').toBe('market');
    }
    expect(parsedAll.some(({ result }) => result.ok && result.alert.orderType === 'limit')).toBe(true);
    expect(TEMPLATE_GROUPS.find((g) => g.id === 'limit')?.description).toContain('A limit order requires price.');
  });

  it('CONST-08: given the samples, then each leverage is 1 to 3, and both 1 and 3 are shown', () => {
    const leverages = parsedAll.flatMap(({ result }) => (result.ok && result.alert.leverage !== undefined ? [result.alert.leverage] : []));
    expect(leverages.every((leverage) => leverage >= 1 && leverage <= 3)).toBe(true);
    expect(new Set(leverages)).toEqual(new Set([1, 2, 3]));
  });

  it('CONST-11: given the samples, then the actions are buy, sell and close', () => {
    const actions = new Set(parsedAll.map(({ result }) => (result.ok ? result.alert.action : 'invalid')));
    expect(actions).toEqual(new Set(['buy', 'sell', 'close']));
  });

  it('CONST-09: given a sample without size, then it is there to show Settings sizing from the account balance', () => {
    const unsized = all.filter(({ template }) => template.payload.action !== 'close' && template.payload.size === undefined);
    expect(unsized.map((t) => t.template.id)).toEqual(['market-settings']);
    expect(unsized[0]?.template.note).toContain('size the order from your account balance');
  });

  it("CONST-07..CONST-11: given the field reference, then it names every field with the spec's defaults", () => {
    expect(ALERT_FIELDS.map((f) => f.name)).toEqual(['symbol', 'action', 'orderType', 'size', 'price', 'stopLoss', 'takeProfit', 'leverage', 'id']);
    const text = (name: string) => ALERT_FIELDS.find((f) => f.name === name)?.text;
    expect(text('orderType')).toContain('Default: market.');
    expect(text('leverage')).toContain('Default: 1');
    expect(text('size')).toContain('The position size in USD');
    expect(text('size')).toContain('Default: the account balance');
    expect(text('price')).toContain('A limit order requires price');
    expect(text('action')).toContain('buy, sell or close');
  });
});
