export interface ErrorViewProps {
  status: number;
  message: string;
  onRetry?: () => void;
}
