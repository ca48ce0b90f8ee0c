import { Suspense } from 'react';
import type { LegalContent } from '../../content/generated/types.ts';
import type { SiteContent } from '../../content/content.ts';
import { LazyMarkdown } from '../../lib/markdown/lazy.tsx';
import { LEGAL_PAGES } from '../../site/legal/legal-pages.ts';
import { legalText } from '../../site/legal/placeholders.ts';
import { ContentPanel } from '../content/content-panel.tsx';

/** Both legal pages as visitors read them, placeholders filled from the stored identity. */
function LegalPreview({ legal, content }: { legal: LegalContent; content: SiteContent }) {
  return (
    <Suspense fallback={<p role="status">Chargement de l&apos;aperçu…</p>}>
      {LEGAL_PAGES.map((page) => (
        <section key={page.path} className="legal-preview">
          <h2>{page.title}</h2>
          <LazyMarkdown className="markdown">
            {legalText(content.identity, legal, page.field)}
          </LazyMarkdown>
        </section>
      ))}
    </Suspense>
  );
}

/** "Pages légales" (/admin/legal): the legal notice and the privacy policy. */
export function LegalPanel() {
  return (
    <ContentPanel
      type="legal"
      title="Pages légales"
      intro={
        <>
          Les mentions légales et la politique de confidentialité, liées en pied de page de toutes
          les pages. Le nom, l&apos;adresse et les coordonnées du garage y sont repris de « Identité
          du garage » : l&apos;aperçu montre les pages telles que les visiteurs les lisent.
        </>
      }
      renderPreview={(legal, content) => <LegalPreview legal={legal} content={content} />}
    />
  );
}
