import type { ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { responsiveSources } from '../../content/media.ts';
import { ARTICLE_HEADINGS, doubleNewlines } from './rules.ts';

/** An article's column is at most 46rem wide (src/site/blog/blog.css). */
const ARTICLE_IMAGE_SIZES = '(min-width: 48rem) 46rem, 100vw';

/**
 * Images of an article come below its cover: they load only when the reader gets near them, and
 * a photo of the media library in the width the screen needs.
 */
function ArticleImage({ node: _node, src, ...props }: ComponentProps<'img'> & { node?: unknown }) {
  // A blanked URL (another protocol) leaves the alternative text, not a request for the page.
  const address = typeof src === 'string' ? src : '';
  return (
    <img
      {...props}
      src={address || undefined}
      {...(address ? responsiveSources(address, ARTICLE_IMAGE_SIZES) : {})}
      loading="lazy"
      decoding="async"
    />
  );
}

const COMPONENTS: Components = { ...ARTICLE_HEADINGS, img: ArticleImage };

interface MarkdownProps {
  /** The article's markdown, as the owner wrote it. */
  children: string;
  className?: string;
  /** Marks the root for a hydrating browser to adopt the server's markup (see lazy.tsx). */
  renderId?: string;
}

/**
 * The one renderer of article markdown (docs/product.md#markdown-and-owner-html). Links and images
 * keep only the allowed protocols or relative URLs, others are blanked (react-markdown's default
 * transform, named here so it cannot be swapped silently); raw HTML is shown as text, since no
 * rehype-raw is used.
 */
export function Markdown({ children, className = 'markdown', renderId }: MarkdownProps) {
  return (
    <div className={className} data-render-id={renderId}>
      <ReactMarkdown components={COMPONENTS} urlTransform={defaultUrlTransform}>
        {doubleNewlines(children)}
      </ReactMarkdown>
    </div>
  );
}
