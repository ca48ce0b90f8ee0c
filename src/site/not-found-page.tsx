import { Link } from 'wouter';
import { SimplePageLayout } from './layout/simple-page-layout.tsx';
import { usePageHead } from './seo/use-page-head.ts';

interface NotFoundPageProps {
  /** Where the page sends the visitor back to: the home page unless told otherwise. */
  back?: { to: string; label: string };
}

/** Any path the site does not know. */
export function NotFoundPage({
  back = { to: '/', label: "Retour à l'accueil" },
}: NotFoundPageProps) {
  usePageHead(null);
  return (
    <SimplePageLayout>
      <title>Page introuvable</title>
      <meta name="robots" content="noindex" />
      <h1>Page introuvable</h1>
      <p>La page demandée n&apos;existe pas ou a été déplacée.</p>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </SimplePageLayout>
  );
}
