import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_SITE_CONTENT, SITE_CONTENT_ELEMENT_ID, type SiteContent } from '@relining/contracts/site-content';
import { jsonDataTag } from './head';

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

/** The JSON block a rendered page carries its content in. */
export function siteContentTag(content: SiteContent): string {
  return jsonDataTag(SITE_CONTENT_ELEMENT_ID, content);
}
