let joined = 0;

/**
 * A topic of this tab alone, for postgres changes: two hooks on one table must not share one
 * channel (realtime-js keeps one per topic, and removing one would end the other's).
 */
export function uniqueTopic(base: string): string {
  joined += 1;
  return `${base}:${joined}`;
}

/**
 * Who has a content open (presence). realtime-js keeps one channel per topic in a tab, so each use
 * of a content has a topic of its own.
 */
export function editingTopic(contentKey: string): string {
  return `edition:${contentKey}`;
}

/** Where an editor tells the others of a content that it saved it. */
export function savedTopic(contentKey: string): string {
  return `enregistrement:${contentKey}`;
}

/** Where an editor sends the values being typed, for the preview on a phone. */
export function previewTopic(contentKey: string): string {
  return `apercu:${contentKey}`;
}
