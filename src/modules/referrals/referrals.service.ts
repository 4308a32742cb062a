import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import {
  REFERRAL_WINDOW_DAYS,
  referralProblems,
  SELF_REFERRAL_MESSAGE,
  serviceTypesOf,
  URGENCY_LABELS,
  type ReferralSource,
  type Urgency,
} from '@relining/contracts/referral-rules';
import { phoneMatchKey } from '@relining/contracts/phone';
import { RebatesService } from '../rebates/rebates.service.js';
import { addressKey, isSelfReferral, referrerKey } from './referral-pipeline.rules.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { CONSOLE_BUTTON_LABEL } from '../templates/template-catalogue.js';
import { firstName } from '@relining/contracts/person-name';
import { toPlumberReferral, type QuickReferralDto, type ReferralFormDto } from './dto/referral.dto.js';
import type { PlumberReferral, QuickReferralCreated, RebateSummary, ReferralLink } from '@relining/contracts/api/referrals';
import { Referral } from './referral.entity.js';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { placeLabel } from '@relining/contracts/place-label';
import type { Place } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { UsersService } from '../users/users.service.js';
import { ReferralsRepository } from './referrals.repository.js';

const text = (value: string | undefined): string => value?.trim() ?? '';

/**
 * Referrals as plumbers make and see them: from the dashboard (signed in, own data only) or the
 * quick form (no account; offered to the plumber with that e-mail, who adds it to their account).
 */
@Injectable()
export class ReferralsService {
  private readonly logger = new Logger('Referrals');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly localities: LocalitiesRepository,
    private readonly repository: ReferralsRepository,
    private readonly users: UsersService,
    private readonly rebates: RebatesService,
  ) {}

  /** A plumber's own referral; another plumber's (or a missing one) is simply not found. */
  async findOwn(user: CurrentUserInfo, id: string): Promise<Referral> {
    const referral = await this.repository.findById(id, user.id);
    if (!referral) throw DomainError.notFound('Referral not found.');
    return referral;
  }

  /**
   * Newest first, in the order of the plumber's index (plumber_id, created_at DESC, id DESC): no sort.
   * Plain rows with only the dashboard's columns (a plumber has hundreds of referrals; building full
   * entities for them cost more than the query).
   */
  async listOwn(user: CurrentUserInfo): Promise<PlumberReferral[]> {
    const referrals = await this.repository.findForPlumber(user.id);
    return referrals.map(toPlumberReferral);
  }

  /**
   * The plumber's cards (issue 15): Rebate Paid = paid; Rebate Pending = earned and not yet paid (from
   * the ledger); potential = what their referrals can still earn (parts not earned, not void, not held).
   */
  async summary(user: CurrentUserInfo): Promise<RebateSummary> {
    const [rows, totals] = await Promise.all([this.repository.findRebatePartsOfPlumber(user.id), this.rebates.totalsForPlumber(user.id)]);
    let potentialCents = 0;
    for (const row of rows) {
      if (row.reviewState === 'held' || row.reviewState === 'rejected') continue;
      if (row.cvStatus === 'pending') potentialCents += row.cv;
      if (row.rlStatus === 'pending') potentialCents += row.rl;
    }
    return { totalReferrals: rows.length, rebatePaid: totals.paidCents / 100, rebatePending: totals.pendingCents / 100, potential: potentialCents / 100 };
  }

  /** The plumber's referral code and the link that carries it (made on first use). */
  async referralLink(user: CurrentUserInfo): Promise<ReferralLink> {
    const code = await this.users.referralCodeOf(user.id);
    return { code, url: `${this.config.publicBaseUrl}/?ref=${code}` };
  }

  /**
   * From the dashboard: the plumber's details default to the profile and the account's e-mail, so the
   * form's rules run here, once they are filled.
   */
  async createForPlumber(user: CurrentUserInfo, input: ReferralFormDto): Promise<PlumberReferral> {
    const profile = await this.users.getProfile(user.id);
    const filled: ReferralFormDto = {
      ...input,
      plumberName: text(input.plumberName) || profile?.fullName || '',
      plumberCompany: text(input.plumberCompany) || profile?.businessName || '',
      plumberPhone: text(input.plumberPhone) || profile?.phone || '',
      plumberEmail: text(input.plumberEmail) || user.email,
    };
    const problems = referralProblems(filled, { requireServiceType: true });
    if (problems.length > 0) throw DomainError.validation(problems);
    const self = isSelfReferral(text(filled.clientPhone), {
      emails: [user.email, filled.plumberEmail],
      phones: [profile?.phone, filled.plumberPhone],
    });
    if (self) throw DomainError.validation([{ field: 'clientPhone', message: SELF_REFERRAL_MESSAGE }]);
    return toPlumberReferral(await this.store(filled, user.id, 'dashboard'));
  }

  /**
   * The quick form (no account), checked by the validation pipeline (QuickReferralDto): kept with the
   * plumber's details until their account claims it.
   */
  async createQuick(input: QuickReferralDto): Promise<QuickReferralCreated> {
    if (text(input._gotcha)) {
      this.logger.warn({ securityEvent: 'spam_trap' }, 'Referral spam trap filled; nothing stored');
      return { id: randomUUID(), refNumber: 'R-000000' };
    }
    if (isSelfReferral(text(input.clientPhone), { emails: [input.plumberEmail], phones: [input.plumberPhone] })) {
      throw DomainError.validation([{ field: 'clientPhone', message: SELF_REFERRAL_MESSAGE }]);
    }
    // Never attached here, even when an account has this e-mail: anyone can type a plumber's address,
    // so the referral waits on that plumber's dashboard until they add it (referral-claims.service.ts).
    const referral = await this.store(input, null, 'quick');
    return { id: referral.id, refNumber: referral.refNumber };
  }

  private async store(input: ReferralFormDto, plumberId: string | null, source: ReferralSource): Promise<Referral> {
    const place = await this.localities.place(text(input.suburb));
    return this.dataSource.transaction((manager) => this.storeIn(manager, { input, plumberId, source, place }));
  }

  /**
   * Stores a referral in the caller's transaction, with its history line and e-mails. The same
   * referrer's second referral of a client within 90 days (same e-mail, phone or street address and
   * postcode) is kept but held as a duplicate: it earns nothing until staff approve it (console →
   * Referral reviews).
   */
  async storeIn(
    manager: EntityManager,
    request: { input: ReferralFormDto; plumberId: string | null; source: ReferralSource; place: Place; clientEmail?: string | null; bookingId?: string | null },
  ): Promise<Referral> {
    const { input, plumberId, source, place } = request;
    const services = serviceTypesOf(input.serviceTypes);
    const keys = {
      email: request.clientEmail?.trim() || null,
      phoneKey: phoneMatchKey(text(input.clientPhone)),
      addressKey: addressKey(text(input.jobAddress), place.postcode),
    };
    const since = new Date(Date.now() - REFERRAL_WINDOW_DAYS * 86_400_000);
    // The same referrer again (two plumbers claiming one customer is a conflict, decided when a job is linked).
    const referrer = referrerKey({ plumberId, plumberEmail: text(input.plumberEmail) });
    const earlier = (await this.repository.findOfCustomer({ ...keys, bookingId: null }, since, manager)).filter(
      (row) => (row.byEmail || row.byPhone || row.byAddress) && referrerKey(row) === referrer,
    );
    const first = earlier[0];
    const referral = await this.repository.insert(manager, {
      clientName: text(input.clientName),
      clientPhone: text(input.clientPhone),
      jobAddress: text(input.jobAddress),
      suburb: place.suburb,
      state: place.state,
      postcode: place.postcode,
      plumberId,
      plumberName: text(input.plumberName),
      plumberCompany: text(input.plumberCompany),
      plumberPhone: text(input.plumberPhone),
      plumberEmail: text(input.plumberEmail),
      urgency: text(input.urgency) as Urgency,
      description: text(input.description),
      notes: text(input.notes) || null,
      contactClient: input.contactClient === undefined ? true : input.contactClient === true,
      serviceCleanView: services.cleanView,
      serviceReline: services.reline,
      status: 'referred',
      // The fees of the day, copied onto the referral: a later change of the constants never changes it.
      cleanViewRebateCents: REFERRAL_FEE_CENTS.cleanView,
      cleanViewRebateStatus: 'pending',
      relineRebateCents: REFERRAL_FEE_CENTS.reline,
      relineRebateStatus: 'pending',
      source,
      clientEmail: keys.email,
      clientPhoneKey: keys.phoneKey,
      addressKey: keys.addressKey,
      bookingId: request.bookingId ?? null,
      reviewState: first ? 'held' : null,
      duplicateOf: first?.id ?? null,
    });
    await this.repository.recordEvent(manager, referral.id, { kind: 'created', actorId: plumberId, to: 'referred' });
    if (first) {
      await this.repository.recordEvent(manager, referral.id, {
        kind: 'review',
        actorId: null,
        to: `held: the client was referred before (${first.refNumber})`,
      });
      await this.repository.insertReview(manager, {
        kind: 'duplicate',
        summary: `${referral.refNumber} repeats ${first.refNumber}: ${referral.clientName} was referred within ${REFERRAL_WINDOW_DAYS} days (by ${first.plumberName})`,
        referralId: referral.id,
        candidateIds: [first.id, referral.id],
      });
    }
    await this.queueEmails(manager, referral);
    return referral;
  }

  /** The company's notice (times in TZ_DISPLAY, labelled) and the plumber's acknowledgement; delivery never fails the referral. */
  private async queueEmails(manager: EntityManager, referral: Referral): Promise<void> {
    const services =
      [referral.serviceCleanView ? 'Clean & View' : null, referral.serviceReline ? 'Reline' : null].filter(Boolean).join(', ') || 'Not specified';
    await this.notifications.enqueue(manager, {
      template: 'referral_notice',
      to: this.config.companyEmail.replace(/^.*<([^>]+)>\s*$/, '$1'),
      variables: {
        refNumber: referral.refNumber,
        plumberName: referral.plumberName,
        plumberCompany: referral.plumberCompany,
        plumberPhone: referral.plumberPhone,
        plumberEmail: referral.plumberEmail,
        clientName: referral.clientName,
        clientPhone: referral.clientPhone,
        jobAddress: referral.jobAddress,
        suburb: placeLabel(referral),
        urgency: URGENCY_LABELS[referral.urgency],
        services,
        contactClient: referral.contactClient ? 'Yes' : 'No',
        description: referral.description,
        notes: referral.notes ?? 'None',
        submittedAt: formatLongDateTimeIn(this.config.tzDisplay, referral.createdAt),
        referralsLink: `${this.config.publicBaseUrl}/admin/dashboard`,
      },
      // The button opens this referral's own page in the console.
      button: { label: CONSOLE_BUTTON_LABEL, url: `${this.config.publicBaseUrl}/admin/referrals/${referral.id}` },
      dedupeKey: `referral:${referral.id}:notice`,
      entity: { type: 'referral', id: referral.id },
    });
    await this.notifications.enqueue(manager, {
      template: 'referral_acknowledgement',
      to: referral.plumberEmail,
      variables: {
        plumberName: firstName(referral.plumberName),
        refNumber: referral.refNumber,
        clientName: referral.clientName,
        suburb: placeLabel(referral),
        dashboardLink: `${this.config.publicBaseUrl}/plumber-dashboard`,
      },
      dedupeKey: `referral:${referral.id}:acknowledgement`,
      entity: { type: 'referral', id: referral.id },
    });
  }
}
