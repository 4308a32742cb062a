import type { SiteContent } from '@relining/contracts/site-content';

const LOCAL_PAGE = /^\/pipe-relining\/([a-z-]+)\/?$/;

/**
 * The part of the site content a page is rendered with and carries (its JSON block): everything but
 * the other areas' nearby reviews. Each local page shows only its own area's; carried on every page,
 * all twenty areas' reviews made each page's HTML about 15 KB larger, and the job-status page, drawn
 * from its HTML alone, later. Local pages are therefore reached by full page loads (their links are
 * plain <a>), each bringing its own area's reviews.
 */
export function contentForPage(path: string, content: SiteContent): SiteContent {
  const slug = LOCAL_PAGE.exec(path)?.[1];
  const nearby = slug ? content.reviews.nearby[slug] : undefined;
  return { ...content, reviews: { ...content.reviews, nearby: slug && nearby ? { [slug]: nearby } : {} } };
}
