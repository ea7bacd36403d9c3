import { cn } from './cn';

/**
 * Operator text the API rendered from Markdown to safe HTML (modules/content/markdown.ts: raw HTML
 * escaped, only safe links and this app's images). Styled here, with no typography plugin.
 */
export function Prose({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  return (
    <div
      lang={lang}
      className={cn(
        'text-gray-800 dark:text-gray-200 [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-primary-400',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 dark:[&_code]:bg-gray-800',
        '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold',
        '[&_img]:my-2 [&_img]:max-w-full [&_img]:rounded-xl [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
        className,
      )}
      // Safe by construction: the server escapes raw HTML and refuses unsafe links (content.test.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
