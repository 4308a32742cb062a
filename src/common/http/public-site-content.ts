import { Global, Injectable, Module } from '@nestjs/common';
import type { SiteContent } from '@relining/contracts/site-content';

/**
 * Where the public pages' content comes from (the company profile and the photos in the pages' slots,
 * issue 14): a module provides it while it starts; the front-end serving in common/http knows no
 * module. Without a source the build's prerendered pages (the default content) are served as built.
 */
export interface SiteContentSource {
  /** The content now (the source keeps a copy; cheap to call per request). */
  current(): Promise<SiteContent>;
}

@Injectable()
export class PublicSiteContent {
  private source: SiteContentSource | undefined;

  provide(source: SiteContentSource): void {
    if (this.source) throw new Error('The public site content already has a source');
    this.source = source;
  }

  /** The content now, or undefined without a source. */
  current(): Promise<SiteContent> | undefined {
    return this.source?.current();
  }
}

@Global()
@Module({ providers: [PublicSiteContent], exports: [PublicSiteContent] })
export class PublicSiteContentModule {}
