/**
 * What « À compléter » offers the rest of the back-office: the other folders import
 * only this; its other files are its own (docs/decisions/085-admin-zones.md).
 */
export { useFocusRequestedField } from './field-link.ts';
export { ToComplete, ToCompleteSummary } from './to-complete.tsx';
