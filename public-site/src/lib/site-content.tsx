import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_SITE_CONTENT, SITE_CONTENT_ELEMENT_ID, type SiteContent } from '@relining/contracts/site-content';

/**
 * What staff choose in the console for the public pages (company profile, images in slots). The
 * server renders every page with it and embeds it as a JSON block, which the browser reads once: the
 * hydrated page, and every page reached by a client-side navigation, show the same content without
 * fetching anything. The build prerenders with the defaults (artwork in every slot).
 */
const SiteContentContext = createContext<SiteContent>(DEFAULT_SITE_CONTENT);

export function SiteContentProvider({ content, children }: { content: SiteContent | undefined; children: ReactNode }) {
  return <SiteContentContext.Provider value={content ?? DEFAULT_SITE_CONTENT}>{children}</SiteContentContext.Provider>;
}

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The content the page was rendered with (its JSON block), or the defaults when it carries none. */
export function readDocumentSiteContent(): SiteContent {
  const element = document.getElementById(SITE_CONTENT_ELEMENT_ID);
  if (!element?.textContent) return DEFAULT_SITE_CONTENT;
  try {
    return { ...DEFAULT_SITE_CONTENT, ...(JSON.parse(element.textContent) as Partial<SiteContent>) };
  } catch {
    return DEFAULT_SITE_CONTENT;
  }
}

/** The JSON block a rendered page carries its content in ('<' escaped: the text can never close the element). */
export function siteContentTag(content: SiteContent): string {
  const json = JSON.stringify(content)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SITE_CONTENT_ELEMENT_ID}">${json}</script>`;
}
