/**
 * What article generation offers the rest of the back-office: the other folders import
 * only this; its other files are its own (docs/decisions/085-admin-zones.md).
 */
export { AiArticlePanel } from './ai-article-panel.tsx';
