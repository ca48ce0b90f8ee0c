import type { ReactNode } from 'react';
import { SiteAlert } from '../alert/site-alert.tsx';
import { ClosureNotice } from '../hours/closure-notice.tsx';
import { BlogHeader } from './blog-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * The frame of blog and other secondary pages: the closure notice and the site alert (both shown
 * on every public page), the simple header, the content column and the shared footer.
 */
export function SimplePageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <ClosureNotice />
      <SiteAlert />
      <BlogHeader />
      <main id="contenu" tabIndex={-1} className="blog-page container">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
