import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { referralProblems, serviceTypesOf, URGENCY_LABELS, type Urgency } from '@relining/contracts/referral-rules';
import { NotificationsService } from '../notifications/notifications.service.js';
import { CONSOLE_BUTTON_LABEL } from '../templates/template-catalogue.js';
import { rebateTotals } from '../rebates/rebate.rules.js';
import { firstName } from '@relining/contracts/person-name';
import { toPlumberReferral, type QuickReferralDto, type ReferralFormDto } from './dto/referral.dto.js';
import type { PlumberReferral, QuickReferralCreated, RebateSummary } from '@relining/contracts/api/referrals';
import { Referral } from './referral.entity.js';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { placeLabel } from '@relining/contracts/place-label';
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

  async summary(user: CurrentUserInfo): Promise<RebateSummary> {
    const rows = await this.repository.findRebatePartsOfPlumber(user.id);
    const totals = rebateTotals(
      rows.flatMap((row) => [
        { amount: row.cv, status: row.cvStatus },
        { amount: row.rl, status: row.rlStatus },
      ]),
    );
    return { totalReferrals: rows.length, rebatePaid: totals.paid / 100, rebatePending: totals.pending / 100 };
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
    // Never attached here, even when an account has this e-mail: anyone can type a plumber's address,
    // so the referral waits on that plumber's dashboard until they add it (referral-claims.service.ts).
    const referral = await this.store(input, null, 'quick');
    return { id: referral.id, refNumber: referral.refNumber };
  }

  private async store(input: ReferralFormDto, plumberId: string | null, source: 'dashboard' | 'quick'): Promise<Referral> {
    const services = serviceTypesOf(input.serviceTypes);
    const place = await this.localities.place(text(input.suburb));
    return this.dataSource.transaction(async (manager) => {
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
      });
      await this.repository.recordEvent(manager, referral.id, { kind: 'created', actorId: plumberId, to: 'referred' });
      await this.queueEmails(manager, referral);
      return referral;
    });
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
