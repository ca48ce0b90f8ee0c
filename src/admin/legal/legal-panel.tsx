import type { LegalContent } from '../../content/generated/types.ts';
import type { SiteContent } from '../../content/content.ts';
import { LegalPageBody } from '../../site/legal/legal-page.tsx';
import { LEGAL_PAGES } from '../../site/legal/legal-pages.ts';
import { ContentPanel } from '../content/content-panel.tsx';

/** Both legal pages as visitors read them: the items from the identity, then the texts typed. */
function LegalPreview({ legal, content }: { legal: LegalContent; content: SiteContent }) {
  return (
    <>
      {LEGAL_PAGES.map((page) => (
        <section key={page.path} className="legal-preview">
          <h2>{page.title}</h2>
          <LegalPageBody page={page} content={content} legal={legal} />
        </section>
      ))}
    </>
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
          les pages. Ce que la loi demande d&apos;y lire (le garage, son immatriculation, le
          directeur de la publication, l&apos;hébergeur, ce que le site enregistre et pendant
          combien de temps) est écrit par le site à partir de « Identité du garage » : complétez
          l&apos;identité, et ajoutez ici seulement vos propres textes. L&apos;aperçu montre les
          pages telles que les visiteurs les lisent.
        </>
      }
      renderPreview={(legal, content) => <LegalPreview legal={legal} content={content} />}
    />
  );
}
