/** The blog's texts (docs/product.md#blog), shared by the home preview and the blog pages. */
export const NO_POSTS_TEXT = "Aucun article n'est disponible pour le moment.";
export const POSTS_LOAD_ERROR_TEXT = 'Erreur lors du chargement des articles';
export const BACKEND_MISSING_TEXT = 'Configuration Supabase manquante';
export const ARTICLE_CONFIG_MISSING_TEXT = 'Configuration manquante';
export const ARTICLE_NOT_FOUND_TEXT = 'Article non trouvé ou inaccessible';
export const BACK_TO_BLOG_TEXT = 'Retour au blog';
