import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PublicHeader } from '../../components/PublicHeader';
import { publicConfigQuery } from '../../lib/publicConfig';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Both legal pages were last updated in October 2025. */
export const LEGAL_LAST_UPDATED = 'October 2025';

/** The support address until the api tells its configured one (README: SUPPORT_EMAIL's default). */
const DEFAULT_SUPPORT_EMAIL = 'support@hyperhook.app';

/** The support contact link of the legal pages (configured by SUPPORT_EMAIL). */
export function SupportLink() {
  const config = useQuery(publicConfigQuery);
  const email = config.data?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The frame of /terms and /privacy: title, last-updated line, content, support contact. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <PublicHeader />
      <main id="main" className="page page--prose prose">
        <h1>{title}</h1>
        <p className="muted">Last updated {LEGAL_LAST_UPDATED}</p>
        {children}
        <h2>Contact</h2>
        <p>
          Questions about this page or your account: <SupportLink />.
        </p>
      </main>
    </>
  );
}
