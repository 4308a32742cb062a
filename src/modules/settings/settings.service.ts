import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { changedFields } from '../audit/audit.rules.js';
import { AuditService } from '../audit/audit.service.js';
import { TableCache, TableChanges } from '../../database/table-changes.js';
import { DEFAULT_EMAIL_SETTINGS, EMAIL_SETTINGS_KEY, type EmailSettings } from './email-settings.js';
import { DEFAULT_COMPANY_PROFILE, type CompanyProfile } from '@relining/contracts/site-content';
import { normalizeCompanyProfile } from '@relining/contracts/company-profile-rules';
import { DEFAULT_AVAILABILITY, type AvailabilitySettings } from '@relining/contracts/availability';
import { DEFAULT_PRICE_LIST, type PriceList } from '@relining/contracts/quote-proposal';
import type { PayoutBankSettings } from '@relining/contracts/api/payouts';
import { availabilityAuditChanges } from './availability-audit.rules.js';
import { SettingsRepository } from './settings.repository.js';

/**
 * Application settings kept in PostgreSQL (shared by every server instance), read from a copy in
 * memory that is dropped whenever the table changes (TableChanges: LISTEN/NOTIFY from any instance
 * or writer) and right after this instance saves.
 */
@Injectable()
export class SettingsService {
  private readonly email: TableCache<EmailSettings>;
  private readonly profile: TableCache<CompanyProfile>;
  private readonly availability: TableCache<AvailabilitySettings>;
  private readonly prices: TableCache<PriceList>;
  private readonly payoutBank: TableCache<PayoutBankSettings>;

  constructor(
    private readonly repository: SettingsRepository,
    changes: TableChanges,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    this.email = new TableCache(changes, ['settings'], async (manager) => ({
      ...DEFAULT_EMAIL_SETTINGS,
      ...(await this.repository.findValue<Partial<EmailSettings>>(EMAIL_SETTINGS_KEY, manager)),
    }));
    this.profile = new TableCache(changes, ['settings'], async (manager) =>
      // Only the profile's own fields: a rating typed by hand before issue 20 is no longer the site's
      // (it is computed from the published reviews).
      knownProfileFields({ ...DEFAULT_COMPANY_PROFILE, ...(await this.repository.findValue<Partial<CompanyProfile>>(COMPANY_PROFILE_KEY, manager)) }),
    );
    this.availability = new TableCache(changes, ['settings'], async (manager) => ({
      ...DEFAULT_AVAILABILITY,
      ...(await this.repository.findValue<Partial<AvailabilitySettings>>(AVAILABILITY_KEY, manager)),
    }));
    this.payoutBank = new TableCache(changes, ['settings'], async (manager) => ({
      ...EMPTY_PAYOUT_BANK_SETTINGS,
      ...(await this.repository.findValue<Partial<PayoutBankSettings>>(PAYOUT_BANK_KEY, manager)),
    }));
    this.prices = new TableCache(changes, ['settings'], async (manager) => ({
      ...DEFAULT_PRICE_LIST,
      ...(await this.repository.findValue<Partial<PriceList>>(PRICE_LIST_KEY, manager)),
    }));
  }

  /** The quotes' price list (issue 17): GST-inclusive rates in cents; the default until staff save their own. */
  async priceList(manager?: EntityManager | DataSource): Promise<PriceList> {
    return structuredClone(await this.prices.get(manager instanceof EntityManager ? manager : undefined));
  }

  /** Saves the whole price list (already checked by `priceListProblems`); answers it as stored. */
  async updatePriceList(prices: PriceList, userId: string): Promise<PriceList> {
    const next: PriceList = {
      relinePerMetre: prices.relinePerMetre.map(({ maxDiameterMm, centsPerMetre }) => ({ maxDiameterMm, centsPerMetre })),
      junctionCents: prices.junctionCents,
      accessCents: prices.accessCents,
    };
    await this.save(PRICE_LIST_KEY, DEFAULT_PRICE_LIST, next, userId);
    this.prices.drop();
    return next;
  }

  /**
   * The business's bank account and APCA user id for the ABA file (issue 18); empty until staff save
   * them (`payoutSettingsProblems` says what is missing).
   */
  async payoutBankSettings(manager?: EntityManager | DataSource): Promise<PayoutBankSettings> {
    return { ...(await this.payoutBank.get(manager instanceof EntityManager ? manager : undefined)) };
  }

  /** Saves the whole settings (already checked by `payoutSettingsProblems`); answers them as stored. */
  async updatePayoutBankSettings(settings: PayoutBankSettings, userId: string): Promise<PayoutBankSettings> {
    const next: PayoutBankSettings = {
      bankMnemonic: settings.bankMnemonic.trim().toUpperCase(),
      bsb: settings.bsb.replace(/\D/g, '').replace(/^(\d{3})(\d{3})$/, '$1-$2'),
      accountNumber: settings.accountNumber.replace(/\s/g, ''),
      accountName: settings.accountName.trim(),
      apcaUserId: settings.apcaUserId.trim(),
      remitterName: settings.remitterName.trim(),
      balancingRecord: settings.balancingRecord === true,
    };
    await this.save(PAYOUT_BANK_KEY, EMPTY_PAYOUT_BANK_SETTINGS, next, userId);
    this.payoutBank.drop();
    return next;
  }

  /** Capacity, closed days and notice of the appointments (issue 16). */
  async availabilitySettings(manager?: EntityManager | DataSource): Promise<AvailabilitySettings> {
    return structuredClone(await this.availability.get(manager instanceof EntityManager ? manager : undefined));
  }

  /**
   * Saves the fields `changes` names (already checked by `availabilityProblems`); answers the whole
   * settings. What changed (a day closed, a region's capacity …) is audited in the same transaction.
   */
  async updateAvailabilitySettings(changes: Partial<AvailabilitySettings>, userId: string): Promise<AvailabilitySettings> {
    const next = await this.dataSource.transaction(async (manager) => {
      const current: AvailabilitySettings = {
        ...DEFAULT_AVAILABILITY,
        ...(await this.repository.findValueForUpdate<Partial<AvailabilitySettings>>(manager, AVAILABILITY_KEY)),
      };
      const next = { ...current, ...changes };
      await this.repository.upsert(manager, AVAILABILITY_KEY, next, userId);
      const audited = availabilityAuditChanges(current, next).map((change) => ({ entity: 'availability' as const, ...change }));
      if (audited.length > 0) await this.audit.record(manager, ...audited);
      return next;
    });
    this.availability.drop();
    return next;
  }

  /** The e-mail settings (read inside the caller's transaction when one is given and no copy is held). */
  async emailSettings(manager?: EntityManager | DataSource): Promise<EmailSettings> {
    const settings = await this.email.get(manager instanceof EntityManager ? manager : undefined);
    return { ...settings };
  }

  async updateEmailSettings(changes: Partial<EmailSettings>, userId: string): Promise<EmailSettings> {
    const next = { ...(await this.emailSettings()), ...changes };
    await this.save(EMAIL_SETTINGS_KEY, DEFAULT_EMAIL_SETTINGS, next, userId);
    // Committed: this instance reads the new value from now on (other instances drop theirs when notified).
    this.email.drop();
    return next;
  }

  /**
   * Stores one setting and, in the same transaction, its audit entry: the fields that changed, before
   * (the stored value over the defaults) and after; bank details masked by the audit rules. Saving the
   * same value again writes no entry.
   */
  private async save<T extends object>(key: string, defaults: T, next: T, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const before = { ...defaults, ...(await this.repository.findValueForUpdate<Partial<T>>(manager, key)) } as Record<string, unknown>;
      await this.repository.upsert(manager, key, next, userId);
      const after = next as Record<string, unknown>;
      if (changedFields(before, after) === null) return;
      await this.audit.record(manager, { entity: 'setting', entityId: key, action: 'update', before, after });
    });
  }

  /**
   * The business's credentials (issue 14): shown in the footer, the about page, every e-mail and the
   * structured data. Fields never saved have their defaults (empty: not printed).
   */
  async companyProfile(manager?: EntityManager | DataSource): Promise<CompanyProfile> {
    return structuredClone(await this.profile.get(manager instanceof EntityManager ? manager : undefined));
  }

  /** Saves the fields `changes` names (already checked by the profile rules); answers the whole profile. */
  async updateCompanyProfile(changes: Partial<CompanyProfile>, userId: string): Promise<CompanyProfile> {
    const next = normalizeCompanyProfile({ ...(await this.companyProfile()), ...changes });
    await this.save(COMPANY_PROFILE_KEY, DEFAULT_COMPANY_PROFILE, next, userId);
    this.profile.drop();
    return next;
  }
}

export const COMPANY_PROFILE_KEY = 'company_profile';

function knownProfileFields(stored: CompanyProfile): CompanyProfile {
  return Object.fromEntries(Object.keys(DEFAULT_COMPANY_PROFILE).map((key) => [key, stored[key as keyof CompanyProfile]])) as unknown as CompanyProfile;
}
export const AVAILABILITY_KEY = 'availability';
export const PRICE_LIST_KEY = 'price_list';
export const PAYOUT_BANK_KEY = 'payout_bank';

const EMPTY_PAYOUT_BANK_SETTINGS: PayoutBankSettings = {
  bankMnemonic: '',
  bsb: '',
  accountNumber: '',
  accountName: '',
  apcaUserId: '',
  remitterName: '',
  balancingRecord: false,
};
