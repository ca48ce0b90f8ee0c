// What wouter imports from use-sync-external-store's shim, which only stands in for React < 18:
// React's own hook (vite.config.ts points the shim here), without the shim's code on the first
// load.
export { useSyncExternalStore } from 'react';
