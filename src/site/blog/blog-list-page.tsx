import { Link } from 'react-router-dom';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';

/** /blog. Issue 4 lists the published posts here; until then the spec's empty state shows. */
export function BlogListPage() {
  return (
    <SimplePageLayout>
      <title>Blog – conseils et actualités du garage</title>
      <h1>Blog</h1>
      <p>Aucun article n&apos;est disponible pour le moment.</p>
      <p>
        <Link to="/">Retour à l&apos;accueil</Link>
      </p>
    </SimplePageLayout>
  );
}
