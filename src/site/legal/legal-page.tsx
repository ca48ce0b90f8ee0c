import { Suspense, useEffect } from 'react';
import { useSiteContent } from '../../content/api.ts';
import { LazyMarkdown, preloadMarkdown } from '../../lib/markdown/lazy.tsx';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { LabourPricesNotice } from '../pricing/labour-prices.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { legalTitle, type LegalPage } from './legal-pages.ts';
import { legalText } from './placeholders.ts';

/**
 * A legal page (`/mentions-legales`, `/confidentialite`): the owner's markdown from the `legal`
 * content, its placeholders filled from the garage's identity when it is shown.
 */
export function LegalPageView({ page }: { page: LegalPage }) {
  const { content } = useSiteContent();
  usePageHead({ page: 'legal', legal: page, content });
  // A server-rendered page hydrates without the renderer; a page opened from a link fetches it.
  useEffect(() => {
    void preloadMarkdown();
  }, []);
  return (
    <SimplePageLayout>
      <article className="legal-page">
        <title>{legalTitle(page, content.identity)}</title>
        <h1>{page.title}</h1>
        <Suspense
          fallback={<LoadingStatus className="blog-loading" label="Chargement de la page…" />}
        >
          <LazyMarkdown className="markdown legal-page__content">
            {legalText(content.identity, content.legal, page.field)}
          </LazyMarkdown>
        </Suspense>
        {page.field === 'mentions' && <LabourPricesNotice pricing={content.pricing} />}
      </article>
    </SimplePageLayout>
  );
}
