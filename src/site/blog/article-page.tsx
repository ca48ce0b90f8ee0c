import { Suspense, useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { LazyMarkdown, preloadMarkdown } from '../../lib/markdown/lazy.tsx';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { useArticleQuery, type Article } from './api/article.ts';
import { BackendMissingError } from './api/backend-missing.ts';
import { useCountViewOnce } from './api/increment-views.ts';
import { ArticleMeta } from './article-meta.tsx';
import { DEFAULT_POST_IMAGE, FallbackImage } from './fallback-image.tsx';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import {
  ARTICLE_CONFIG_MISSING_TEXT,
  ARTICLE_NOT_FOUND_TEXT,
  BACK_TO_BLOG_TEXT,
} from './messages.ts';

/** A path segment as written (`%C3%A9` → `é`); one that is not valid escaping stays as it is. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function BackToBlog() {
  return (
    <p className="article__back">
      <Link to="/blog">
        <span aria-hidden="true">← </span>
        {BACK_TO_BLOG_TEXT}
      </Link>
    </p>
  );
}

function ArticleView({ article, liveViews }: { article: Article; liveViews?: number }) {
  return (
    <article className="article">
      <title>{`${article.title} – Blog`}</title>
      <BackToBlog />
      <div className="article__cover">
        <FallbackImage
          src={article.image_url}
          sizes="(min-width: 48rem) 46rem, 100vw"
          alt=""
          width={1200}
          height={630}
          fetchPriority="high"
          decoding="async"
        />
      </div>
      <ArticleMeta
        date={article.published_at ?? article.created_at}
        views={liveViews ?? article.views}
      />
      <h1 className="article__title">{article.title}</h1>
      <Suspense
        fallback={<LoadingStatus className="blog-loading" label="Chargement du contenu…" />}
      >
        <LazyMarkdown className="markdown article__content">{article.content}</LazyMarkdown>
      </Suspense>
    </article>
  );
}

/** /blog/{slug}: one article (docs/product.md#article-page). */
export function ArticlePage() {
  const slug = decodeSegment(useParams<{ slug: string }>().slug ?? '');
  const article = useArticleQuery(slug);
  const liveViews = useCountViewOnce(slug, article.isSuccess);
  usePageHead(
    article.isSuccess
      ? { page: 'article', article: article.data, fallbackImage: DEFAULT_POST_IMAGE }
      : article.isError
        ? null
        : undefined,
  );
  // The renderer's chunk comes while the article does, not after it. A server-rendered article
  // hydrates without it (LazyMarkdown adopts the server's markup).
  const loading = article.isPending;
  useEffect(() => {
    if (loading) void preloadMarkdown();
  }, [loading]);

  let body;
  if (slug === '' || article.error instanceof BackendMissingError) {
    body = (
      <>
        <h1>Article</h1>
        <p className="notice">{ARTICLE_CONFIG_MISSING_TEXT}</p>
      </>
    );
  } else if (article.isPending) {
    body = <LoadingStatus className="blog-loading" label="Chargement de l'article…" />;
  } else if (article.isError) {
    body = (
      <div className="article article--missing">
        <title>{ARTICLE_NOT_FOUND_TEXT}</title>
        <meta name="robots" content="noindex" />
        <h1 className="blog-error">{ARTICLE_NOT_FOUND_TEXT}</h1>
        <BackToBlog />
      </div>
    );
  } else {
    body = <ArticleView article={article.data} liveViews={liveViews} />;
  }

  return <SimplePageLayout>{body}</SimplePageLayout>;
}
