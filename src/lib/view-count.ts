/** An article's view count, as the public page and the back-office's list both show it. */
const NUMBER = new Intl.NumberFormat('fr-FR');

/**
 * '0 vue', '1 vue', '2 vues', '1 234 vues': French keeps the singular below two, zero included.
 * A missing count (a post never viewed) reads 0.
 */
export function formatViewCount(views: number | null | undefined): string {
  const count = views ?? 0;
  return `${NUMBER.format(count)} ${Math.abs(count) < 2 ? 'vue' : 'vues'}`;
}
