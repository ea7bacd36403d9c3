/** How a toast looks; its own module so toast.ts and the lazily loaded toaster do not import each other. */
export type ToastTone = 'success' | 'error' | 'info';
