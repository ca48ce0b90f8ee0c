/** The illustrations shipped with the site (public/images/service-*.svg) an article may use. */
export const ARTICLE_IMAGES = ['entretien', 'freins', 'pneus', 'diagnostic'] as const;
export type ArticleImage = (typeof ARTICLE_IMAGES)[number];

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The chat messages asking for `count` French articles about car care and repair, as strict
 * JSON. No `response_format`: gpt-4 does not accept it, so the prompt alone asks for JSON and
 * parse.ts tolerates a Markdown code fence around it.
 */
export function buildMessages(count: number): ChatMessage[] {
  const plural = count > 1 ? 's' : '';
  return [
    {
      role: 'system',
      content: [
        "Tu es le rédacteur du blog d'un garage automobile indépendant en France.",
        'Tu écris en français, pour des particuliers, sur un ton clair, concret et rassurant.',
        'Tu ne cites aucune marque de garage, aucun prix précis, aucune adresse, aucun lien.',
        'Tu réponds uniquement par un objet JSON valide, sans texte avant ni après.',
      ].join(' '),
    },
    {
      role: 'user',
      content: [
        `Rédige ${count} article${plural} de blog différent${plural} sur l'entretien et la réparation automobile`,
        '(entretien courant, freinage, pneumatiques, diagnostic, climatisation, batterie, contrôle technique, conseils de conduite…).',
        '',
        'Réponds avec exactement cet objet JSON :',
        '{"articles": [{"title": "…", "excerpt": "…", "content": "…", "image": "entretien"}]}',
        '',
        `- "articles" contient exactement ${count} élément${plural} ;`,
        '- "title" : un titre accrocheur de 80 caractères au plus, sans guillemets ;',
        '- "excerpt" : un résumé de une à deux phrases (250 caractères au plus) ;',
        '- "content" : l\'article en Markdown (intertitres ##, listes, paragraphes), 300 à 600 mots, sans HTML, sans image, sans lien ;',
        `- "image" : le thème le plus proche parmi ${ARTICLE_IMAGES.map((i) => `"${i}"`).join(', ')}.`,
      ].join('\n'),
    },
  ];
}
