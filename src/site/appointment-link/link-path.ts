/**
 * Where the confirmation mail's link lands (the same as the `appointments` function's). On its
 * own, so that the router knows the address without the page's words and date formats, which
 * come with the page's chunk.
 */
export const LINK_PAGE_PATH = '/rendez-vous/gerer';
