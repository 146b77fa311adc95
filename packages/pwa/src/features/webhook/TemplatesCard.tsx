import { Card } from '../../components/Card';
import { AlertFieldsReference } from './AlertFieldsReference';
import { ALERT_FORMAT_TEMPLATES, ALERT_FORMATS_GROUP } from './alertFormats';
import { FormatTemplateItem } from './FormatTemplateItem';
import { TEMPLATE_GROUPS } from './templates';
import { TemplateItem } from './TemplateItem';

/** "Webhook Templates": collapsible groups of samples, the other alert formats, then the field reference, folded too. */
export function TemplatesCard() {
  return (
    <Card
      title="Webhook Templates"
      headingLevel={3}
      id="webhook-templates"
      subtitle="Sample alert messages: copy one into the alert's Message box and adjust the symbol and amounts."
    >
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
        <AlertFieldsReference />
      </div>
    </Card>
  );
}
