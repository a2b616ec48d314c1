// Vite plugin (build only): a Content-Security-Policy <meta> on every page, GitHub Pages being unable to send
// the header. Scripts come from the site's own files, plus the inline scripts the page itself carries (the
// colour choice applied before the first paint), each allowed by the SHA-256 of its text as built, never by
// 'unsafe-inline'; no 'unsafe-eval' (the Emscripten glue is linked with DYNAMIC_EXECUTION=0), only
// 'wasm-unsafe-eval' to compile the kernels. Styles may be inline: the math's MathML carries style attributes
// (Temml's cell padding and script levels; KaTeX's HTML had positioned every glyph with one). The dev server gets no policy (its client injects code to reload modules).
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** 'sha256-…' sources for the text of every inline <script> of a page. */
export function inlineScriptHashes(html) {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The policy for a page, its inline scripts allowed by hash. */
export function policyFor(html) {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export default function csp() {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post', // after Vite has written its own tags: the hashes are of the page as served
      handler(html) {
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policyFor(html)}">`;
        // first in <head> after the charset: a policy covers only what the parser meets after it
        const charset = /<meta charset="[^"]*">/i;
        if (!charset.test(html)) throw new Error('csp: a page without <meta charset> cannot place its policy first');
        return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
      },
    },
  };
}
