export interface ErrorViewProps {
  status: number;
  message: string;
  /** Shown for support when the API gave one (docs/decisions/0036). */
  traceId?: string;
  onRetry?: () => void;
}
