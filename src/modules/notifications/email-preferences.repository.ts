import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { SUPPRESSION_REASONS, type SuppressionReason } from '@relining/contracts/api/email-preferences';
import { equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type ParsedList } from '../../common/react-admin/list-query.js';
import { queryRows } from '../../database/sql.js';
import { sql, type Sql } from '../../database/sql-fragment.js';

export const EMAIL_SUPPRESSION_LIST = defineListSpec({
  resource: 'email-suppressions',
  idColumn: 's.id',
  sortable: { createdAt: 's.created_at', email: 'lower(s.email)' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['s.email']),
    reason: equals('s.reason', SUPPRESSION_REASONS),
    id: ids('s.id'),
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

export const EMAIL_CONSENT_LIST = defineListSpec({
  resource: 'email-consents',
  idColumn: 'c.id',
  sortable: { createdAt: 'c.created_at', email: 'lower(c.email)' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['c.email']),
    email: { apply: (query, value, name) => equals('lower(c.email)').apply(query, typeof value === 'string' ? value.trim().toLowerCase() : value, name) },
    source: equals('c.source'),
    id: ids('c.id'),
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

export interface SuppressionRow {
  id: string;
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  createdAt: Date;
}

export interface ConsentRow {
  id: string;
  email: string;
  purpose: string;
  given: boolean;
  source: string;
  sourceId: string | null;
  wording: string;
  createdAt: Date;
}

export interface NewConsent {
  email: string;
  given: boolean;
  source: string;
  sourceId: string | null;
  wording: string;
}

type Executor = DataSource | EntityManager;

/** How many rows a list's filter matches (for Content-Range): the same query without its page and order. */
async function countOf(query: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  const row = await query.clone().select('count(*)::int', 'count').orderBy().offset(undefined).limit(undefined).getRawOne<{ count: number }>();
  return row?.count ?? 0;
}

const SUPPRESSION_COLUMNS = `id, email, reason, detail, created_at AS "createdAt"`;

/** The notifications module's tables of marketing choices: suppressions, unsubscribe tokens, consents. */
@Injectable()
export class EmailPreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The address's unsubscribe token, made (`candidate`) the first time it is asked for. One statement:
   * a concurrent first time for the same address waits for the other's row and answers it.
   */
  async tokenFor(executor: Executor, email: string, candidate: string): Promise<string> {
    const [row] = await queryRows<{ token: string }>(
      executor,
      `INSERT INTO email_unsubscribe_tokens (email, token) VALUES ($1, $2)
       ON CONFLICT ((lower(email))) DO UPDATE SET email = email_unsubscribe_tokens.email
       RETURNING token`,
      [email, candidate],
    );
    return row!.token;
  }

  async findEmailByToken(token: string, executor: Executor = this.dataSource): Promise<string | undefined> {
    const [row] = await queryRows<{ email: string }>(executor, `SELECT email FROM email_unsubscribe_tokens WHERE token = $1`, [token]);
    return row?.email;
  }

  /** The address's suppression (whatever its case), if it has one. */
  async findSuppression(email: string, executor: Executor = this.dataSource): Promise<SuppressionRow | undefined> {
    const [row] = await queryRows<SuppressionRow>(executor, `SELECT ${SUPPRESSION_COLUMNS} FROM email_suppressions WHERE lower(email) = lower($1)`, [email]);
    return row;
  }

  /**
   * Suppresses the address unless it already is: the first row (and its reason) stands. Answers the
   * row and whether it is new.
   */
  async suppress(manager: EntityManager, email: string, reason: SuppressionReason, detail: string | null): Promise<{ row: SuppressionRow; created: boolean }> {
    const [inserted] = await queryRows<SuppressionRow>(
      manager,
      `INSERT INTO email_suppressions (email, reason, detail) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING ${SUPPRESSION_COLUMNS}`,
      [email, reason, detail],
    );
    if (inserted) return { row: inserted, created: true };
    // Already suppressed (maybe by a transaction that committed after this statement began): a new statement sees it.
    const existing = await this.findSuppression(email, manager);
    if (!existing) throw new Error('An e-mail suppression conflicted but cannot be found');
    return { row: existing, created: false };
  }

  async findSuppressionById(id: string): Promise<SuppressionRow | undefined> {
    const [row] = await queryRows<SuppressionRow>(this.dataSource, `SELECT ${SUPPRESSION_COLUMNS} FROM email_suppressions WHERE id = $1`, [id]);
    return row;
  }

  async findConsentById(id: string): Promise<ConsentRow | undefined> {
    const [row] = await queryRows<ConsentRow>(
      this.dataSource,
      `SELECT id, email, purpose, given, source, source_id AS "sourceId", wording, created_at AS "createdAt" FROM email_consents WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** Removes the address's suppression; answers the row removed, if there was one. */
  async unsuppress(manager: EntityManager, email: string): Promise<SuppressionRow | undefined> {
    const [row] = await queryRows<SuppressionRow>(manager, `DELETE FROM email_suppressions WHERE lower(email) = lower($1) RETURNING ${SUPPRESSION_COLUMNS}`, [
      email,
    ]);
    return row;
  }

  async insertConsent(manager: EntityManager, consent: NewConsent): Promise<void> {
    await queryRows(manager, `INSERT INTO email_consents (email, purpose, given, source, source_id, wording) VALUES ($1, 'marketing', $2, $3, $4::uuid, $5)`, [
      consent.email,
      consent.given,
      consent.source,
      consent.sourceId,
      consent.wording,
    ]);
  }

  /** A consent as one statement to run inside another module's statement (a staged write), only when `when` has a row. */
  insertConsentWhen(consent: NewConsent, when: Sql): Sql {
    return sql`INSERT INTO email_consents (email, purpose, given, source, source_id, wording)
      SELECT ${consent.email}, 'marketing', ${consent.given}, ${consent.source}, ${consent.sourceId}::uuid, ${consent.wording}
      WHERE EXISTS (SELECT FROM ${when})`;
  }

  /** One page of the console's Suppressed e-mails. */
  async findSuppressionsForAdminList(list: ParsedList): Promise<[SuppressionRow[], number]> {
    const query = applyListQuery(
      this.dataSource
        .createQueryBuilder()
        .from('email_suppressions', 's')
        .select(['s.id AS id', 's.email AS email', 's.reason AS reason', 's.detail AS detail', 's.created_at AS "createdAt"']),
      list,
      EMAIL_SUPPRESSION_LIST,
    );
    return Promise.all([query.getRawMany<SuppressionRow>(), countOf(query)]);
  }

  /** One page of the consents recorded. */
  async findConsentsForAdminList(list: ParsedList): Promise<[ConsentRow[], number]> {
    const query = applyListQuery(
      this.dataSource
        .createQueryBuilder()
        .from('email_consents', 'c')
        .select([
          'c.id AS id',
          'c.email AS email',
          'c.purpose AS purpose',
          'c.given AS given',
          'c.source AS source',
          'c.source_id AS "sourceId"',
          'c.wording AS wording',
          'c.created_at AS "createdAt"',
        ]),
      list,
      EMAIL_CONSENT_LIST,
    );
    return Promise.all([query.getRawMany<ConsentRow>(), countOf(query)]);
  }
}
