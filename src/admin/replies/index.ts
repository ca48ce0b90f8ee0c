/**
 * What the replies offer the rest of the back-office: the other folders import
 * only this; their other files are their own (docs/decisions/085-admin-zones.md).
 */
export { MarkerTextWidget } from './marker-text-widget.tsx';
export { RequestReply } from './request-reply.tsx';
