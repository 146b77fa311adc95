import { useId } from 'react';
import { CopyButton } from '../../components/CopyButton';

/**
 * A new webhook channel's signing secret, the one time the api answers it (issue 30, point 2):
 * with a copy button, and said plainly that it will not be shown again. It lives in this screen's
 * memory only, and goes when the trader says it is copied or leaves.
 */
export function SigningSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const id = useId();
  return (
    <div className="notice notice--warning signing-secret" role="region" aria-labelledby={`${id}-title`}>
      <p className="signing-secret__title" id={`${id}-title`}>
        <strong>Signing secret — shown only once</strong>
      </p>
      <p className="signing-secret__text" id={`${id}-hint`}>
        Copy it now into the receiving end: it checks <code>X-Hyperhook-Signature</code> with it. hyperhook keeps it sealed and will never show it again.
      </p>
      <div className="input-group">
        <input
          className="input mono"
          id={id}
          readOnly
          value={secret}
          aria-label="Signing secret"
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.target.select()}
        />
        <CopyButton text={secret} label="Copy secret" className="btn btn--primary" />
      </div>
      <div className="button-row">
        <button type="button" className="btn btn--small" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}
