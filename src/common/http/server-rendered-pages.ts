import { Global, Injectable, Module } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A public-site page the server renders with its data, so the visitor sees it in the first paint
 * (the page then hydrates from the same answer). A module registers it for one of the site's
 * client-rendered shells; the front-end serving in common/http knows no module.
 */
export interface ServerRenderedPage {
  /** The shell's path pattern in the site manifest, e.g. '/job-status/:code'. */
  readonly pattern: string;
  /** The API path (under /api) whose answer the page carries, for these path parameters. */
  apiPath(params: Readonly<Record<string, string>>): string;
  /** The API's answer for these parameters; a DomainError 404 renders the page's not-found state. */
  load(params: Readonly<Record<string, string>>): Promise<unknown>;
  /** Counts the page against its API's rate limit (one counter for both); throws the 429 when spent. */
  limit?(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The registry modules add their pages to while they start (OnModuleInit). */
@Injectable()
export class ServerRenderedPages {
  private readonly pages = new Map<string, ServerRenderedPage>();

  register(page: ServerRenderedPage): void {
    if (this.pages.has(page.pattern)) throw new Error(`A server-rendered page is already registered for ${page.pattern}`);
    this.pages.set(page.pattern, page);
  }

  forPattern(pattern: string): ServerRenderedPage | undefined {
    return this.pages.get(pattern);
  }
}

@Global()
@Module({ providers: [ServerRenderedPages], exports: [ServerRenderedPages] })
export class ServerRenderedPagesModule {}
