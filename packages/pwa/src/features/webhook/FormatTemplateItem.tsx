import type { AlertTemplate } from '@hyperhook/domain';
import { CopyButton } from '../../components/CopyButton';
import { alertFormatText } from './alertFormats';

/** One of the other formats' templates: the format's name, what it does, the text and Copy Template. */
export function FormatTemplateItem({ template }: { template: AlertTemplate }) {
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
