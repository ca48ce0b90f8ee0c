/**
 * What the requests offer the rest of the back-office: the other folders import
 * only this; their other files are their own (docs/decisions/085-admin-zones.md).
 */
export { LiveRequests } from './live-requests.tsx';
export { requestKeys } from './requests-api.ts';
export { newRequestsText, statusLabel } from './requests-model.ts';
export { useNewRequestCount } from './use-requests.ts';
