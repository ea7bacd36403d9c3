import { useState } from 'react';
import { Button } from './button';

/** Copies text to the clipboard and says so on the button for a moment (the console's copy buttons). */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      className="min-h-10"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? done : label}</span>
    </Button>
  );
}
