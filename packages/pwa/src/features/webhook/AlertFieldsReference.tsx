import { ALERT_FIELDS } from './fieldReference';

/**
 * "Alert fields": each field an alert may carry and what it does. Folded like the groups: the
 * reference is long, and on a phone it stood between the templates and the preview.
 */
export function AlertFieldsReference() {
  return (
    <section aria-labelledby="alert-fields-title">
      <details className="disclosure">
        <summary>
          <h4 id="alert-fields-title" className="template-group__title">
            Alert fields
          </h4>
        </summary>
        <dl className="field-reference disclosure__body">
          {ALERT_FIELDS.map((field) => (
            <div key={field.name} className="field-reference__row">
              <dt>
                <code>{field.name}</code>
              </dt>
              <dd>{field.text}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
