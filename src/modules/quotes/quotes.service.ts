import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import {
  QUOTE_MESSAGES,
  type BeforeAfterRequest,
  type BeforeAfterResult,
  type PublicQuote,
  type QuoteAcceptRequest,
  type QuoteChange,
  type QuoteDeclineRequest,
  type QuoteRecord,
} from '@relining/contracts/api/inspections';
import { todayIn } from '@relining/contracts/booking-rules';
import { formatLongDateIn } from '@relining/contracts/date-format';
import { proposeQuoteLines } from '@relining/contracts/quote-proposal';
import { quoteTotals, totalWithGst } from '@relining/contracts/quote-rules';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { JobAccessService } from '../jobs/job-access.service.js';
import { JobDocuments } from '../jobs/job-documents.js';
import { AuditService } from '../audit/audit.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MediaService } from '../media/media.service.js';
import { SiteSlotsService } from '../media/site-slots.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { QuoteNotices } from './quote-notices.js';
import {
  acceptProblems,
  beforeAfterProblems,
  declineProblems,
  isExpired,
  publicQuoteState,
  QUOTE_RULE_MESSAGES,
  QUOTE_TIME_ZONE,
  quoteChangeProblems,
} from './quote.rules.js';
import { QuotesRepository, type QuoteRow } from './quotes.repository.js';
import { PublishedReportSource } from './report-source.js';

type Job = Awaited<ReturnType<JobsService['customerOf']>>;

const acceptedConflict = () => DomainError.conflict('QUOTE_ACCEPTED', QUOTE_RULE_MESSAGES.accepted);
const notPublished = () => new DomainError('QUOTE_NOT_PUBLISHED', QUOTE_RULE_MESSAGES.notPublished, HttpStatus.NOT_FOUND);

/** Who is asking, as stored with an acceptance or a decline. */
function origin(request: FastifyRequest): { ip: string; userAgent: string } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (Array.isArray(agent) ? agent.join(' ') : (agent ?? '')).slice(0, 1000) };
}

/**
 * The quote (issue 17): staff build it from the published report at the price list's rates, publish
 * it (the job moves to Quote Sent and the customer is e-mailed), change it (a new version once
 * published); the customer reads the latest published version on the unlocked tracking page and
 * accepts it (the job moves to Quote Accepted, the referral learns a reline is coming, staff are told)
 * or declines it. Every change to one job's quote runs under that job's quote lock.
 */
@Injectable()
export class QuotesService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: QuotesRepository,
    private readonly jobs: JobsService,
    private readonly access: JobAccessService,
    private readonly documents: JobDocuments,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationsService,
    private readonly notices: QuoteNotices,
    private readonly report: PublishedReportSource,
    private readonly media: MediaService,
    private readonly slots: SiteSlotsService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    // The tracking status says whether a quote waits behind the unlock.
    this.documents.register('quote', (jobId) => this.repository.hasPublished(jobId));
  }

  // ------------------------------------------------------------------------------------------
  // Staff

  async get(jobId: string): Promise<QuoteRecord> {
    const manager = this.dataSource.manager;
    return this.record(manager, await this.jobs.customerOf(manager, jobId));
  }

  /** Saves the draft: the newest version while unpublished, else a new version (a published quote changed). */
  async save(actor: CurrentUserInfo, jobId: string, body: QuoteChange): Promise<QuoteRecord> {
    // The job first (404), then the input (400, nothing saved).
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    const problems = quoteChangeProblems(body, todayIn(QUOTE_TIME_ZONE));
    if (problems.length > 0) throw DomainError.validation(problems);
    const totals = quoteTotals(body.lines);
    const content = {
      lines: body.lines.map(({ kind, description, quantity, unitCents }) => ({ kind, description: description.trim(), quantity, unitCents })),
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      validUntil: body.validUntil,
      notes: typeof body.notes === 'string' && body.notes.trim() !== '' ? body.notes.trim() : null,
    };
    return this.dataSource.transaction(async (manager) => {
      await this.repository.lockJob(manager, jobId);
      if (await this.repository.acceptance(manager, jobId)) throw acceptedConflict();
      const newest = await this.repository.newest(manager, jobId);
      const draftOpen = newest !== null && !newest.publishedAt;
      const version = draftOpen ? newest.version : (newest?.version ?? 0) + 1;
      if (draftOpen) await this.repository.updateDraft(manager, newest.id, content, actor.id);
      else await this.repository.insertVersion(manager, jobId, version, content, actor.id);
      const before = newest ? { lines: newest.lines, totalCents: newest.totalCents, validUntil: newest.validUntil, notes: newest.notes } : null;
      const after = { lines: content.lines, totalCents: content.totalCents, validUntil: content.validUntil, notes: content.notes };
      // Saving an open draft unchanged is no change; a published quote changed is always a new version.
      if (!draftOpen || JSON.stringify(before) !== JSON.stringify(after)) {
        await this.audit.record(manager, {
          entity: 'job',
          entityId: jobId,
          action: !newest ? 'quote_created' : draftOpen ? 'quote_edited' : 'quote_new_version',
          before,
          after,
          details: { version },
        });
      }
      return this.record(manager, job);
    });
  }

  /** Publishes the draft: the customer sees it, the job moves to Quote Sent, and quote_sent goes out (for every version). */
  async publish(actor: CurrentUserInfo, jobId: string): Promise<QuoteRecord> {
    return this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.customerOf(manager, jobId);
      await this.repository.lockJob(manager, jobId);
      if (await this.repository.acceptance(manager, jobId)) throw acceptedConflict();
      const newest = await this.repository.newest(manager, jobId);
      if (!newest) throw new DomainError('NO_QUOTE', QUOTE_RULE_MESSAGES.nothingToPublish);
      if (newest.publishedAt) throw new DomainError('NO_QUOTE_DRAFT', QUOTE_RULE_MESSAGES.saveFirst);
      const problems = quoteChangeProblems(newest, todayIn(QUOTE_TIME_ZONE));
      if (problems.length > 0) throw DomainError.validation(problems);
      await this.repository.publish(manager, newest.id, actor.id);
      await this.audit.record(manager, {
        entity: 'job',
        entityId: jobId,
        action: 'quote_sent',
        details: { version: newest.version, totalCents: newest.totalCents },
      });
      await this.jobs.moveForward(manager, jobId, 'quoted', actor.id, 'always');
      return this.record(manager, job);
    });
  }

  /** The report's before and after photos to the media library (and a home-page pair), with the customer's consent. */
  async beforeAfter(actor: CurrentUserInfo, jobId: string, body: BeforeAfterRequest): Promise<BeforeAfterResult> {
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    const problems = beforeAfterProblems(body);
    if (problems.length > 0) throw DomainError.validation(problems);
    const acceptance = await this.repository.acceptance(this.dataSource, jobId);
    if (!acceptance?.mediaConsent) throw DomainError.conflict('NO_MEDIA_CONSENT', QUOTE_RULE_MESSAGES.noConsent);
    const [before, after] = await Promise.all([this.report.photoOriginal(jobId, body.beforePhotoId), this.report.photoOriginal(jobId, body.afterPhotoId)]);
    const missing = [...(before ? [] : ['beforePhotoId']), ...(after ? [] : ['afterPhotoId'])];
    if (missing.length > 0) throw DomainError.validation(missing.map((field) => ({ field, message: QUOTE_RULE_MESSAGES.photo })));
    const title = body.title.trim();
    const consentNote = `Customer agreed on accepting quote version ${acceptance.version} on ${formatLongDateIn(QUOTE_TIME_ZONE, acceptance.acceptedAt)} (${job.jobNumber})`;
    const describe = (side: 'before' | 'after') => ({
      altText: `${title} — ${side}`,
      showsCustomerProperty: true,
      consentNote,
      originalName: `${job.jobNumber}-${side}.jpg`,
    });
    const beforeImage = await this.media.importCleaned(before!, describe('before'), actor.id);
    const afterImage = await this.media.importCleaned(after!, describe('after'), actor.id);
    if (body.slot) {
      await this.slots.save(body.slot, { imageId: beforeImage.id, afterImageId: afterImage.id, title, description: body.description.trim() }, actor.id);
    }
    // The media module writes the images in transactions of its own (it takes no caller's): the job's
    // entry follows them, so it is written only when they were.
    await this.audit.recordAlone({
      entity: 'job',
      entityId: jobId,
      action: 'before_after_sent',
      details: { beforeImageId: beforeImage.id, afterImageId: afterImage.id, slot: body.slot ?? null, title },
    });
    return { beforeImageId: beforeImage.id, afterImageId: afterImage.id, slot: body.slot ?? null };
  }

  private async record(manager: EntityManager, job: Job): Promise<QuoteRecord> {
    const [newest, published, acceptance, declines, sections, prices] = await Promise.all([
      this.repository.newest(manager, job.id),
      this.repository.latestPublished(manager, job.id),
      this.repository.acceptance(manager, job.id),
      this.repository.declines(manager, job.id),
      this.report.publishedSections(job.id),
      this.settings.priceList(manager),
    ]);
    const totals = quoteTotals(newest?.lines ?? []);
    const declined = newest?.publishedAt ? declines.some((decline) => decline.version === newest.version) : false;
    const state: QuoteRecord['state'] = acceptance ? 'accepted' : !newest || !newest.publishedAt ? 'draft' : declined ? 'declined' : 'published';
    return {
      jobId: job.id,
      jobNumber: job.jobNumber,
      version: newest?.version ?? 0,
      state,
      lines: newest?.lines ?? [],
      lineCents: totals.lineCents,
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      totalText: totalWithGst(totals.totalCents),
      validUntil: newest?.validUntil ?? null,
      notes: newest?.notes ?? null,
      publishedVersion: published?.version ?? 0,
      publishedAt: published?.publishedAt ? new Date(published.publishedAt).toISOString() : null,
      proposedLines: proposeQuoteLines(sections ?? [], prices),
      acceptance: acceptance
        ? {
            version: acceptance.version,
            fullName: acceptance.fullName,
            acceptedAt: new Date(acceptance.acceptedAt).toISOString(),
            ip: acceptance.ip,
            userAgent: acceptance.userAgent,
            mediaConsent: acceptance.mediaConsent,
          }
        : null,
      declines: declines.map((decline) => ({ version: decline.version, reason: decline.reason, declinedAt: new Date(decline.declinedAt).toISOString() })),
      updatedAt: newest ? new Date(newest.updatedAt).toISOString() : null,
    };
  }

  // ------------------------------------------------------------------------------------------
  // The customer (tracking page, unlocked)

  async publicQuote(code: string, request: FastifyRequest): Promise<PublicQuote> {
    const job = await this.access.unlockedJob(code, request);
    const quote = await this.repository.latestPublished(this.dataSource, job.id);
    if (!quote) throw notPublished();
    return this.toPublic(this.dataSource.manager, job.jobNumber, quote);
  }

  /**
   * The customer's go-ahead for the version they read. Accepting twice answers the quote as it
   * stands and changes nothing; an outdated version, a declined or an expired quote is refused.
   */
  async accept(code: string, body: QuoteAcceptRequest, request: FastifyRequest): Promise<PublicQuote> {
    const unlocked = await this.access.unlockedJob(code, request);
    const problems = acceptProblems(body);
    if (problems.length > 0) throw DomainError.validation(problems);
    const { ip, userAgent } = origin(request);
    return this.dataSource.transaction(async (manager) => {
      await this.repository.lockJob(manager, unlocked.id);
      const quote = await this.repository.latestPublished(manager, unlocked.id);
      if (!quote) throw notPublished();
      if (await this.repository.acceptance(manager, unlocked.id)) return this.toPublic(manager, unlocked.jobNumber, quote);
      if (body.version !== quote.version) throw DomainError.conflict('QUOTE_OUTDATED', QUOTE_MESSAGES.outdated);
      const declines = await this.repository.declines(manager, unlocked.id);
      if (declines.some((decline) => decline.version === quote.version)) throw DomainError.conflict('QUOTE_DECLINED', QUOTE_MESSAGES.declinedAlready);
      if (isExpired(quote.validUntil, todayIn(QUOTE_TIME_ZONE))) throw new DomainError('QUOTE_EXPIRED', QUOTE_MESSAGES.expired);
      const fullName = body.fullName.trim();
      const mediaConsent = body.mediaConsent === true;
      const inserted = await this.repository.insertAcceptance(manager, {
        jobId: unlocked.id,
        quoteId: quote.id,
        version: quote.version,
        fullName,
        ip,
        userAgent,
        mediaConsent,
      });
      if (inserted) {
        // The customer acted: the actor is the request's ('public').
        await this.audit.record(manager, {
          entity: 'job',
          entityId: unlocked.id,
          action: 'quote_accepted',
          details: { fullName, version: quote.version, mediaConsent },
        });
        // The customer gets quote_accepted; JobStageChanged tells the linked referral a reline is coming.
        await this.jobs.moveForward(manager, unlocked.id, 'accepted', null, 'always');
        const job = await this.jobs.customerOf(manager, unlocked.id);
        await this.notifications.enqueue(
          manager,
          this.notices.accepted(job, { fullName, version: quote.version, totalCents: quote.totalCents, acceptedAt: new Date(), mediaConsent }),
        );
      }
      return this.toPublic(manager, unlocked.jobNumber, quote);
    });
  }

  /** The customer says no to the latest version; staff are told. Declining it again records nothing new. */
  async decline(code: string, body: QuoteDeclineRequest, request: FastifyRequest): Promise<PublicQuote> {
    const unlocked = await this.access.unlockedJob(code, request);
    const problems = declineProblems(body);
    if (problems.length > 0) throw DomainError.validation(problems);
    const { ip, userAgent } = origin(request);
    const reason = typeof body.reason === 'string' && body.reason.trim() !== '' ? body.reason.trim() : null;
    return this.dataSource.transaction(async (manager) => {
      await this.repository.lockJob(manager, unlocked.id);
      const quote = await this.repository.latestPublished(manager, unlocked.id);
      if (!quote) throw notPublished();
      if (await this.repository.acceptance(manager, unlocked.id)) throw DomainError.conflict('QUOTE_ACCEPTED', QUOTE_RULE_MESSAGES.acceptedAlready);
      const declines = await this.repository.declines(manager, unlocked.id);
      if (!declines.some((decline) => decline.version === quote.version)) {
        const id = await this.repository.insertDecline(manager, { jobId: unlocked.id, quoteId: quote.id, version: quote.version, reason, ip, userAgent });
        await this.audit.record(manager, { entity: 'job', entityId: unlocked.id, action: 'quote_declined', details: { reason, version: quote.version } });
        const job = await this.jobs.customerOf(manager, unlocked.id);
        await this.notifications.enqueue(
          manager,
          this.notices.declined(job, { id, version: quote.version, totalCents: quote.totalCents, reason, declinedAt: new Date() }),
        );
      }
      return this.toPublic(manager, unlocked.jobNumber, quote);
    });
  }

  private async toPublic(manager: EntityManager, jobNumber: string, quote: QuoteRow): Promise<PublicQuote> {
    const [acceptance, declines] = await Promise.all([this.repository.acceptance(manager, quote.jobId), this.repository.declines(manager, quote.jobId)]);
    const totals = quoteTotals(quote.lines);
    return {
      jobNumber,
      version: quote.version,
      publishedAt: new Date(quote.publishedAt!).toISOString(),
      lines: quote.lines.map((line, index) => ({ ...line, amountCents: totals.lineCents[index]! })),
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      totalText: totalWithGst(totals.totalCents),
      validUntil: quote.validUntil,
      expired: isExpired(quote.validUntil, todayIn(QUOTE_TIME_ZONE)),
      notes: quote.notes,
      state: publicQuoteState(
        acceptance !== null,
        declines.some((decline) => decline.version === quote.version),
      ),
      acceptance: acceptance ? { version: acceptance.version, fullName: acceptance.fullName, acceptedAt: new Date(acceptance.acceptedAt).toISOString() } : null,
    };
  }
}
