import { CopyButton } from '../../components/CopyButton';
import { templateText, type WebhookTemplate } from './templates';

/** One sample alert of a group: its title, what it does, the text and Copy Template. */
export function TemplateItem({ template }: { template: WebhookTemplate }) {
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
