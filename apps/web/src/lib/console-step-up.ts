/**
 * The console's step-up before money actions (docs/decisions/0029): a console request that moves
 * money answers 403 STEP_UP_REQUIRED when the second factor was last proved more than five minutes
 * ago. The api client then asks here; the open confirm sheet (components/ui/confirm-sheet-view.tsx)
 * shows the code form in place of its buttons, and once the code is taken the request is sent
 * again, with the same Idempotency-Key (the refusal came before the key was claimed). With no
 * sheet open nothing can ask, and the refusal stands.
 */
type Listener = () => void;

let pending: { resolve: () => void; reject: (reason: unknown) => void } | undefined;
let hosts = 0;
const listeners = new Set<Listener>();
const changed = () => listeners.forEach((listener) => listener());

/** A confirm sheet that can ask for the code is open; the returned function says it closed. */
export function hostStepUp(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) settleStepUp(false);
  };
}

export function subscribeStepUp(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const stepUpPending = (): boolean => pending !== undefined;

/** Resolves once the person proved the factor again; rejects with `refusal` if they cannot or do not. */
export function requestStepUp(refusal: unknown): Promise<void> {
  if (hosts === 0 || pending) return Promise.reject(refusal);
  return new Promise((resolve, reject) => {
    pending = { resolve, reject: () => reject(refusal) };
    changed();
  });
}

/** The code was taken (true), or the person went back (false). */
export function settleStepUp(proved: boolean): void {
  const waiting = pending;
  pending = undefined;
  changed();
  if (proved) waiting?.resolve();
  else waiting?.reject(undefined);
}
