/**
 * The navigation loading bar's clock (docs/product.md L1–3): shown only when navigation lasts longer
 * than a 200 ms throttle, then creeps toward 100 % over an estimated 2000 ms without reaching
 * it; on finish it jumps to 100 %, hides 500 ms later and resets 400 ms after hiding.
 */
export const LOADING_BAR = {
  throttleMs: 200,
  estimatedDurationMs: 2000,
  heightPx: 3,
  hideDelayMs: 500,
  resetDelayMs: 400,
  tickMs: 100,
} as const;

export interface LoadingBarState {
  visible: boolean;
  /** 0–100 */
  progress: number;
}

/** Progress after `elapsed` ms: rises fast, then slows, approaching but never reaching 100. */
export function estimatedProgress(elapsed: number, duration: number = LOADING_BAR.estimatedDurationMs): number {
  return (2 / Math.PI) * 100 * Math.atan((elapsed / duration) * 2);
}

export class LoadingBarController {
  private state: LoadingBarState = { visible: false, progress: 0 };
  private startedAt = 0;
  private throttle: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private hide: ReturnType<typeof setTimeout> | undefined;
  private reset: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(
    private readonly onChange: (state: LoadingBarState) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get current(): LoadingBarState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.clearTimer('hide');
    this.clearTimer('reset');
    this.throttle = setTimeout(() => {
      this.throttle = undefined;
      this.startedAt = this.now();
      this.set({ visible: true, progress: 0 });
      this.ticker = setInterval(() => {
        this.set({ visible: true, progress: estimatedProgress(this.now() - this.startedAt) });
      }, LOADING_BAR.tickMs);
    }, LOADING_BAR.throttleMs);
  }

  /** The page loaded or failed. */
  finish(): void {
    if (!this.running) return;
    this.running = false;
    if (this.throttle !== undefined) {
      // Finished inside the throttle: nothing was shown, nothing to show.
      this.clearTimer('throttle');
      return;
    }
    this.clearTimer('ticker');
    this.set({ visible: true, progress: 100 });
    this.hide = setTimeout(() => {
      this.set({ visible: false, progress: 100 });
      this.reset = setTimeout(() => this.set({ visible: false, progress: 0 }), LOADING_BAR.resetDelayMs);
    }, LOADING_BAR.hideDelayMs);
  }

  dispose(): void {
    for (const timer of ['throttle', 'ticker', 'hide', 'reset'] as const) this.clearTimer(timer);
  }

  private clearTimer(name: 'throttle' | 'ticker' | 'hide' | 'reset'): void {
    const handle = this[name];
    if (handle === undefined) return;
    if (name === 'ticker') clearInterval(handle);
    else clearTimeout(handle);
    this[name] = undefined;
  }

  private set(next: LoadingBarState): void {
    this.state = next;
    this.onChange(next);
  }
}
