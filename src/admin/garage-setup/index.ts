/**
 * What « Mon garage » offers the rest of the back-office: the other folders import
 * only this; its other files are its own (docs/decisions/085-admin-zones.md).
 */
export { SetupInvite } from './setup-invite.tsx';
export { SETUP_PATH } from './setup-path.ts';
