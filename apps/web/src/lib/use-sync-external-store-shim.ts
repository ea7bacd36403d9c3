// Stands in for `use-sync-external-store/shim` (see vite.config.ts): React 19 ships the hook.
export { useSyncExternalStore } from 'react';
