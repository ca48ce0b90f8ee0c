import { Link } from 'wouter';
import { SimplePageLayout } from './layout/simple-page-layout.tsx';
import { usePageHead } from './seo/use-page-head.ts';

/** Any path the site does not know. */
export function NotFoundPage() {
  usePageHead(null);
  return (
    <SimplePageLayout>
      <title>Page introuvable</title>
      <meta name="robots" content="noindex" />
      <h1>Page introuvable</h1>
      <p>La page demandée n&apos;existe pas ou a été déplacée.</p>
      <p>
        <Link to="/">Retour à l&apos;accueil</Link>
      </p>
    </SimplePageLayout>
  );
}
