import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import type { AlertTemplate } from '@hyperhook/domain';
import { ALERT_FORMAT_TEMPLATES, ALERT_FORMATS_GROUP, alertFormatText } from './alertFormats';
import { ALERT_FIELDS } from './fieldReference';
import { TEMPLATE_GROUPS, templateText, type WebhookTemplate } from './templates';

function TemplateItem({ template }: { template: WebhookTemplate }) {
  const titleId = `template-${template.id}`;
  return (
    <article className="template">
      <div className="template__header">
        <h5 className="template__title" id={titleId}>
          {template.title}
        </h5>
        <CopyButton text={templateText(template)} label="Copy Template" className="btn btn--small" describedBy={titleId} />
      </div>
      <p className="muted template__note">{template.note}</p>
      <pre className="code">{templateText(template)}</pre>
    </article>
  );
}

/** One of the other formats' templates: the format's name, what it does, the text and Copy Template. */
function FormatTemplateItem({ template }: { template: AlertTemplate }) {
  const titleId = `template-format-${template.id}`;
  const text = alertFormatText(template);
  return (
    <article className="template">
      <div className="template__header">
        <h5 className="template__title" id={titleId}>
          {template.name}
        </h5>
        <CopyButton text={text} label="Copy Template" className="btn btn--small" describedBy={titleId} />
      </div>
      <p className="muted template__note">
        {template.description}
        {template.placeholders && ' TradingView fills in each {{placeholder}} when the alert fires.'}
      </p>
      <pre className="code">{template.body.startsWith('{') ? text : breakAtCommas(text)}</pre>
    </article>
  );
}

/** A one-line text alert may wrap after its commas on a phone, never inside a price. */
function breakAtCommas(text: string) {
  return text.split(',').map((part, index) => (
    <span key={index}>
      {index > 0 && (
        <>
          ,<wbr />
        </>
      )}
      {part}
    </span>
  ));
}

/** "Webhook Templates": collapsible groups of samples, the other alert formats, then the field reference, folded too. */
export function TemplatesCard() {
  return (
    <Card title="Webhook Templates" headingLevel={3} id="webhook-templates" subtitle="Sample alert messages: copy one into the alert's Message box and adjust the symbol and amounts.">
      <div className="stack">
        {TEMPLATE_GROUPS.map((group, index) => (
          <details key={group.id} className="disclosure template-group" open={index === 0}>
            <summary>
              <h4 className="template-group__title">{group.title}</h4>
            </summary>
            <div className="disclosure__body">
              <p className="muted">{group.description}</p>
              {group.templates.map((template) => (
                <TemplateItem key={template.id} template={template} />
              ))}
            </div>
          </details>
        ))}
        {/* A region of its own, after the spec's groups: one copyable template per alert format hyperhook reads (issue 29). */}
        <section aria-labelledby="alert-formats-title">
          <details className="disclosure template-formats">
            <summary>
              <h4 id="alert-formats-title" className="template-group__title">
                {ALERT_FORMATS_GROUP.title}
              </h4>
            </summary>
            <div className="disclosure__body">
              <p className="muted">{ALERT_FORMATS_GROUP.description}</p>
              {ALERT_FORMAT_TEMPLATES.map((template) => (
                <FormatTemplateItem key={template.id} template={template} />
              ))}
            </div>
          </details>
        </section>
        {/* Folded like the groups: the reference is long, and on a phone it stood between the templates and the preview. */}
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
      </div>
    </Card>
  );
}
