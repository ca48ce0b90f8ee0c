import { ARTICLE_IMAGES, type ArticleImage } from './prompt.ts';

export interface GeneratedArticle {
  title: string;
  excerpt: string;
  content: string;
  image: ArticleImage;
}

/** A reply from the AI service that cannot be used; its message is French and shown to the owner. */
export class MalformedReplyError extends Error {
  override name = 'MalformedReplyError';
}

const LIMITS = { title: 200, excerpt: 1_000, content: 50_000 } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The text of the first choice of a chat-completions answer (OpenAI's shape:
 * `{ choices: [{ message: { content }, finish_reason }] }`).
 */
export function completionText(body: unknown): string {
  const choice = isObject(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
  const message = isObject(choice) ? choice.message : undefined;
  const content = isObject(message) ? message.content : undefined;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new MalformedReplyError(
      "Réponse inattendue du service OpenAI : aucun texte d'article n'a été renvoyé.",
    );
  }
  if (isObject(choice) && choice.finish_reason === 'length') {
    throw new MalformedReplyError(
      "La réponse d'OpenAI a été coupée avant la fin (limite de longueur du modèle). Essayez avec moins d'articles.",
    );
  }
  return content;
}

/** Removes a Markdown code fence (```json … ```) the model may put around its JSON. */
function unfence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return fenced ? fenced[1]!.trim() : trimmed;
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

/**
 * The articles of the model's answer: `{ "articles": [...] }` (or a bare array), each with a
 * non-empty title, excerpt and content. At most `count` are kept; none, or any article missing
 * a field, makes the whole answer unusable (nothing is stored).
 */
export function parseArticles(content: string, count: number): GeneratedArticle[] {
  let data: unknown;
  try {
    data = JSON.parse(unfence(content));
  } catch {
    throw new MalformedReplyError(
      "Réponse illisible du service OpenAI : le texte renvoyé n'est pas du JSON valide. Aucun article n'a été créé ; réessayez.",
    );
  }
  const list = Array.isArray(data) ? data : isObject(data) ? data.articles : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    throw new MalformedReplyError(
      "Réponse inattendue du service OpenAI : aucune liste d'articles n'a été trouvée. Aucun article n'a été créé ; réessayez.",
    );
  }
  return list.slice(0, count).map((item, index) => {
    const title = isObject(item) ? text(item.title, LIMITS.title) : undefined;
    const excerpt = isObject(item) ? text(item.excerpt, LIMITS.excerpt) : undefined;
    const body = isObject(item) ? text(item.content, LIMITS.content) : undefined;
    if (!title || !excerpt || !body) {
      throw new MalformedReplyError(
        `Réponse inattendue du service OpenAI : l'article ${index + 1} n'a pas de titre, de résumé ou de contenu. Aucun article n'a été créé ; réessayez.`,
      );
    }
    const image = isObject(item) ? item.image : undefined;
    return {
      title: title.replace(/\s+/g, ' '),
      excerpt,
      content: body,
      image: ARTICLE_IMAGES.includes(image as ArticleImage) ? (image as ArticleImage) : 'entretien',
    };
  });
}
