import { Field } from '../../components/Field';
import { previewTextOf } from './previewTemplates';
import { TEMPLATE_GROUPS } from './templates';

/** "Use template": a sample alert, by group, whose text replaces the message. */
export function PreviewTemplatePicker({ onPick }: { onPick: (text: string) => void }) {
  return (
    <Field label="Use template">
      <select
        className="select"
        value=""
        onChange={(event) => {
          if (event.target.value !== '') onPick(previewTextOf(event.target.value));
        }}
      >
        <option value="">Choose a template…</option>
        {TEMPLATE_GROUPS.map((group) => (
          <optgroup key={group.id} label={group.title}>
            {group.templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
