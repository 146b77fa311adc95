import { TEMPLATE_GROUPS, templateText, withSampleValues } from './templates';

const TEMPLATES = TEMPLATE_GROUPS.flatMap((group) => group.templates.map((template) => ({ group, template })));

/** The message a template puts in the preview: TradingView placeholders are filled with sample values, as TradingView would. */
export function previewTextOf(id: string): string {
  const found = TEMPLATES.find((t) => t.template.id === id);
  if (found === undefined) return '';
  const text = templateText(found.template);
  return found.group.placeholders ? withSampleValues(text) : text;
}

/** The preview's message at first: the first template's. */
export function firstPreviewText(): string {
  const first = TEMPLATES[0];
  return first === undefined ? '' : previewTextOf(first.template.id);
}
