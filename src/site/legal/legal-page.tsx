import { Suspense, useEffect } from 'react';
import { useSiteContent } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import type { LegalContent } from '../../content/generated/types.ts';
import { LazyMarkdown, preloadMarkdown } from '../../lib/markdown/lazy.tsx';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { LabourPricesNotice } from '../pricing/labour-prices.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { LegalNoticeDetails } from './legal-notice-details.tsx';
import { legalTitle, type LegalPage } from './legal-pages.ts';
import { legalText } from './placeholders.ts';
import { PrivacyDetails } from './privacy-details.tsx';

/**
 * A legal page's body: what the law asks it to say, written by the site from the garage's
 * identity (docs/decisions/060-legal-items-from-identity.md), then the owner's own text. Shared
 * by the public page and the back-office preview.
 */
export function LegalPageBody({
  page,
  content,
  legal,
}: {
  page: LegalPage;
  content: SiteContent;
  legal: LegalContent;
}) {
  return (
    <>
      {page.field === 'mentions' ? (
        <LegalNoticeDetails identity={content.identity} />
      ) : (
        <PrivacyDetails identity={content.identity} />
      )}
      <Suspense
        fallback={<LoadingStatus className="blog-loading" label="Chargement de la page…" />}
      >
        <LazyMarkdown className="markdown legal-page__content">
          {legalText(content.identity, legal, page.field)}
        </LazyMarkdown>
      </Suspense>
      {/* The legal notice's items that follow from other content: labour rates, and parts from
          the circular economy. */}
      {page.field === 'mentions' && <LabourPricesNotice pricing={content.pricing} />}
    </>
  );
}

/** A legal page (`/mentions-legales`, `/confidentialite`). */
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
        <LegalPageBody page={page} content={content} legal={content.legal} />
      </article>
    </SimplePageLayout>
  );
}
