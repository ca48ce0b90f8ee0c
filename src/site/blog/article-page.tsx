import { Link, useParams } from 'react-router-dom';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';

/** /blog/{slug}. Issue 4 loads and renders the article; this placeholder keeps the route alive. */
export function ArticlePage() {
  const { slug = '' } = useParams();
  return (
    <SimplePageLayout>
      <p>
        <Link to="/blog">Retour au blog</Link>
      </p>
      <h1>Article</h1>
      <p>L&apos;article « {slug} » sera bientôt disponible.</p>
    </SimplePageLayout>
  );
}
