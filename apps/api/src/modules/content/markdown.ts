import MarkdownIt from 'markdown-it';
import { API_PREFIX } from '@orchard/shared';

/**
 * Markdown from the operator, rendered to HTML a member's browser may show as it is: raw HTML in
 * the text is escaped (never parsed), links go only to http(s), mailto, tel or a path of this app
 * (no `javascript:`, `data:` or `vbscript:`), images only from this app's uploads. Links leave
 * with rel="noopener noreferrer nofollow"; outside ones open in a new tab.
 */
const IMAGE_PATH = `${API_PREFIX}/content/images/`;
const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
// Browsers ignore tabs, line breaks and control characters inside a scheme (`java\tscript:`).
md.validateLink = (url) => SAFE_LINK.test(url.replace(/[\u0000-\u0020\u007f]/g, ''));
md.normalizeLink = (url) => md.utils.escapeHtml(encodeURI(decodeURIComponentSafe(url)));

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

const renderToken = md.renderer.renderToken.bind(md.renderer);
md.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index]!;
  const href = token.attrGet('href') ?? '';
  token.attrSet('rel', 'noopener noreferrer nofollow');
  if (/^https?:\/\//i.test(href)) token.attrSet('target', '_blank');
  return renderToken(tokens, index, options);
};
md.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!;
  const src = token.attrGet('src') ?? '';
  const alt = md.utils.escapeHtml(token.content);
  if (!src.startsWith(IMAGE_PATH)) return alt;
  return `<img src="${md.utils.escapeHtml(src)}" alt="${alt}" loading="lazy">`;
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
