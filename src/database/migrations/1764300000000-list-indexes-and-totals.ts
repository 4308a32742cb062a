import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Years of data (bench/SCALE-NOTES.md has the plans behind each line).
 *
 * 1. Staff lists order by `<column> DESC NULLS LAST, id DESC` (or the exact reverse, ASC NULLS FIRST,
 *    id ASC): the react-admin list protocol's order. The first indexes (`created_at DESC, id`) matched
 *    neither (their NULLS FIRST and `id ASC` differ), so every page sorted the whole filtered set. The
 *    list indexes below match the order exactly, both ways, with and without the status filter, and
 *    let a deep page read only ids from the index (an index-only scan) before it fetches its rows.
 * 2. Totals of a status filter (Content-Range): bookings and referrals keep running totals by
 *    status (triggers); anything else is counted from a small index on status alone (deduplicated,
 *    ~7 MB for a million rows, a tenth of the list index).
 * 3. The referral statistics read running totals kept by statement triggers (by status and rebate
 *    status, and by referrer) instead of aggregating every referral on each request; unpaid,
 *    completed rebate parts (what is due or overdue) have partial indexes.
 * 4. A plumber's own referrals are read in the index's order, and their rebate totals from the index
 *    alone.
 */
export class ListIndexesAndTotals1764300000000 implements MigrationInterface {
  name = 'ListIndexesAndTotals1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // 1 and 2: list order and counts.
    for (const table of ['bookings', 'referrals', 'jobs']) {
      await queryRunner.query(`DROP INDEX ${table}_created_at_idx`);
      await queryRunner.query(`DROP INDEX ${table}_status_created_at_idx`);
      await queryRunner.query(`CREATE INDEX ${table}_list_created_at_idx ON ${table} (created_at DESC NULLS LAST, id DESC)`);
      await queryRunner.query(`CREATE INDEX ${table}_list_status_created_at_idx ON ${table} (status, created_at DESC NULLS LAST, id DESC)`);
      await queryRunner.query(`CREATE INDEX ${table}_status_idx ON ${table} (status)`);
    }

    // 4: the plumber dashboard orders by created_at DESC, id DESC; the summary reads only the rebate columns.
    await queryRunner.query(`DROP INDEX referrals_plumber_created_at_idx`);
    await queryRunner.query(`
      CREATE INDEX referrals_plumber_created_at_idx ON referrals (plumber_id, created_at DESC, id DESC)
      INCLUDE (cleanview_rebate_amount_cents, cleanview_rebate_status, reline_rebate_amount_cents, reline_rebate_status)`);

    // 3: rebates due or overdue: completed parts not yet paid (a few thousand rows among millions).
    await queryRunner.query(`
      CREATE INDEX referrals_cleanview_unpaid_idx ON referrals (cleanview_completed_at)
      WHERE cleanview_rebate_status <> 'paid' AND cleanview_completed_at IS NOT NULL`);
    await queryRunner.query(`
      CREATE INDEX referrals_reline_unpaid_idx ON referrals (reline_completed_at)
      WHERE reline_rebate_status <> 'paid' AND reline_completed_at IS NOT NULL`);

    // 3: running totals. Statement-level triggers see every changed row at once (transition tables), so
    // a bulk change costs one aggregate, and a change that moves no total (notes, e-mails) writes nothing.
    await queryRunner.query(`
      CREATE TABLE referral_totals (
        status text NOT NULL,
        cleanview_rebate_status text NOT NULL,
        reline_rebate_status text NOT NULL,
        referrals bigint NOT NULL,
        cleanview_cents bigint NOT NULL,
        reline_cents bigint NOT NULL,
        PRIMARY KEY (status, cleanview_rebate_status, reline_rebate_status)
      )`);
    // One row per referrer as the statistics group them: the account, or the e-mail of a quick referral
    // not attached to one.
    await queryRunner.query(`
      CREATE TABLE referral_referrer_totals (
        referrer_key text PRIMARY KEY,
        plumber_id uuid NULL,
        email_key text NULL,
        referrals bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX referral_referrer_totals_count_idx ON referral_referrer_totals (referrals DESC)`);
    const grouped = (source: string, sign: string) => `
      SELECT status, cleanview_rebate_status AS cv, reline_rebate_status AS rl, plumber_id,
             CASE WHEN plumber_id IS NULL THEN lower(plumber_email) END AS email_key,
             ${sign} AS n, ${sign} * cleanview_rebate_amount_cents AS cv_cents, ${sign} * reline_rebate_amount_cents AS rl_cents
      FROM ${source}`;
    await queryRunner.query(`
      CREATE FUNCTION referral_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changes jsonb;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM referral_totals;
          DELETE FROM referral_referrer_totals;
          RETURN NULL;
        END IF;
        -- Each changed referral counts +1 with its new values and -1 with its old ones, summed here
        -- (a few rows: by status, rebate statuses and referrer).
        IF TG_OP = 'INSERT' THEN
          SELECT jsonb_agg(g) INTO changes FROM (
            SELECT status, cv, rl, plumber_id, email_key, sum(n) AS n, sum(cv_cents) AS cv_cents, sum(rl_cents) AS rl_cents
            FROM (${grouped('new_rows', '1')}) c GROUP BY 1, 2, 3, 4, 5) g;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT jsonb_agg(g) INTO changes FROM (
            SELECT status, cv, rl, plumber_id, email_key, sum(n) AS n, sum(cv_cents) AS cv_cents, sum(rl_cents) AS rl_cents
            FROM (${grouped('old_rows', '-1')}) c GROUP BY 1, 2, 3, 4, 5) g;
        ELSE
          SELECT jsonb_agg(g) INTO changes FROM (
            SELECT status, cv, rl, plumber_id, email_key, sum(n) AS n, sum(cv_cents) AS cv_cents, sum(rl_cents) AS rl_cents
            FROM (${grouped('new_rows', '1')} UNION ALL ${grouped('old_rows', '-1')}) c
            GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(cv_cents) <> 0 OR sum(rl_cents) <> 0) g;
        END IF;
        IF changes IS NULL THEN
          RETURN NULL;
        END IF;
        -- Only net changes are written (a notes edit writes nothing), in key order, so concurrent
        -- writers lock the same total rows in the same order.
        INSERT INTO referral_totals AS t (status, cleanview_rebate_status, reline_rebate_status, referrals, cleanview_cents, reline_cents)
          SELECT c.status, c.cv, c.rl, sum(c.n), sum(c.cv_cents), sum(c.rl_cents)
          FROM jsonb_to_recordset(changes) AS c(status text, cv text, rl text, n bigint, cv_cents bigint, rl_cents bigint)
          GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.cv_cents) <> 0 OR sum(c.rl_cents) <> 0
          ORDER BY 1, 2, 3
        ON CONFLICT (status, cleanview_rebate_status, reline_rebate_status) DO UPDATE
          SET referrals = t.referrals + EXCLUDED.referrals, cleanview_cents = t.cleanview_cents + EXCLUDED.cleanview_cents, reline_cents = t.reline_cents + EXCLUDED.reline_cents;
        INSERT INTO referral_referrer_totals AS t (referrer_key, plumber_id, email_key, referrals)
          SELECT coalesce(c.plumber_id::text, c.email_key), c.plumber_id, c.email_key, sum(c.n)
          FROM jsonb_to_recordset(changes) AS c(plumber_id uuid, email_key text, n bigint)
          GROUP BY c.plumber_id, c.email_key HAVING sum(c.n) <> 0
          ORDER BY 1
        ON CONFLICT (referrer_key) DO UPDATE SET referrals = t.referrals + EXCLUDED.referrals;
        RETURN NULL;
      END $$`);
    // 2: booking totals by status. A booking is made 'new' (POST /api/bookings) and only staff move it
    // on, so the totals keep every status but 'new': making a booking writes nothing here (the insert
    // trigger's WHEN is false for it), and 'new' bookings, the few not yet handled, are counted live.
    await queryRunner.query(`CREATE TABLE booking_status_totals (status text PRIMARY KEY, bookings bigint NOT NULL)`);
    await queryRunner.query(`
      CREATE FUNCTION booking_status_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM booking_status_totals;
          RETURN NULL;
        END IF;
        IF TG_LEVEL = 'ROW' THEN
          -- A booking inserted past 'new' (imports, tests): one row.
          INSERT INTO booking_status_totals AS t (status, bookings) VALUES (NEW.status, 1)
          ON CONFLICT (status) DO UPDATE SET bookings = t.bookings + 1;
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO booking_status_totals AS t (status, bookings)
            SELECT status, sum(n) FROM (
              SELECT status, 1 AS n FROM new_rows WHERE status <> 'new'
              UNION ALL
              SELECT status, -1 FROM old_rows WHERE status <> 'new'
            ) c GROUP BY status HAVING sum(n) <> 0 ORDER BY status
          ON CONFLICT (status) DO UPDATE SET bookings = t.bookings + EXCLUDED.bookings;
        ELSE
          INSERT INTO booking_status_totals AS t (status, bookings)
            SELECT status, -count(*) FROM old_rows WHERE status <> 'new' GROUP BY status ORDER BY status
          ON CONFLICT (status) DO UPDATE SET bookings = t.bookings + EXCLUDED.bookings;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`INSERT INTO booking_status_totals (status, bookings) SELECT status, count(*) FROM bookings WHERE status <> 'new' GROUP BY status`);
    await queryRunner.query(`
      CREATE TRIGGER booking_status_totals_insert AFTER INSERT ON bookings
      FOR EACH ROW WHEN (NEW.status <> 'new') EXECUTE FUNCTION booking_status_totals_track()`);
    await queryRunner.query(`
      CREATE TRIGGER booking_status_totals_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION booking_status_totals_track()`);
    await queryRunner.query(`
      CREATE TRIGGER booking_status_totals_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION booking_status_totals_track()`);
    await queryRunner.query(`CREATE TRIGGER booking_status_totals_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_status_totals_track()`);

    // Totals start from the referrals already there; no referral can change until the triggers exist.
    await queryRunner.query(`LOCK TABLE referrals IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`
      INSERT INTO referral_totals (status, cleanview_rebate_status, reline_rebate_status, referrals, cleanview_cents, reline_cents)
      SELECT status, cleanview_rebate_status, reline_rebate_status, count(*), sum(cleanview_rebate_amount_cents), sum(reline_rebate_amount_cents)
      FROM referrals GROUP BY 1, 2, 3`);
    await queryRunner.query(`
      INSERT INTO referral_referrer_totals (referrer_key, plumber_id, email_key, referrals)
      SELECT coalesce(plumber_id::text, email_key), plumber_id, email_key, count(*)
      FROM (SELECT plumber_id, CASE WHEN plumber_id IS NULL THEN lower(plumber_email) END AS email_key FROM referrals) r
      GROUP BY plumber_id, email_key`);
    await queryRunner.query(`
      CREATE TRIGGER referral_totals_insert AFTER INSERT ON referrals REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_track()`);
    await queryRunner.query(`
      CREATE TRIGGER referral_totals_update AFTER UPDATE ON referrals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_track()`);
    await queryRunner.query(`
      CREATE TRIGGER referral_totals_delete AFTER DELETE ON referrals REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_track()`);
    await queryRunner.query(`CREATE TRIGGER referral_totals_truncate AFTER TRUNCATE ON referrals FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_track()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await queryRunner.query(`DROP TRIGGER booking_status_totals_${event} ON bookings`);
    await queryRunner.query(`DROP FUNCTION booking_status_totals_track()`);
    await queryRunner.query(`DROP TABLE booking_status_totals`);
    await queryRunner.query(`DROP TRIGGER referral_totals_truncate ON referrals`);
    await queryRunner.query(`DROP TRIGGER referral_totals_delete ON referrals`);
    await queryRunner.query(`DROP TRIGGER referral_totals_update ON referrals`);
    await queryRunner.query(`DROP TRIGGER referral_totals_insert ON referrals`);
    await queryRunner.query(`DROP FUNCTION referral_totals_track()`);
    await queryRunner.query(`DROP TABLE referral_referrer_totals`);
    await queryRunner.query(`DROP TABLE referral_totals`);
    await queryRunner.query(`DROP INDEX referrals_reline_unpaid_idx`);
    await queryRunner.query(`DROP INDEX referrals_cleanview_unpaid_idx`);
    await queryRunner.query(`DROP INDEX referrals_plumber_created_at_idx`);
    await queryRunner.query(`CREATE INDEX referrals_plumber_created_at_idx ON referrals (plumber_id, created_at DESC, id)`);
    for (const table of ['bookings', 'referrals', 'jobs']) {
      await queryRunner.query(`DROP INDEX ${table}_status_idx`);
      await queryRunner.query(`DROP INDEX ${table}_list_status_created_at_idx`);
      await queryRunner.query(`DROP INDEX ${table}_list_created_at_idx`);
      await queryRunner.query(`CREATE INDEX ${table}_created_at_idx ON ${table} (created_at DESC, id)`);
      await queryRunner.query(`CREATE INDEX ${table}_status_created_at_idx ON ${table} (status, created_at DESC, id)`);
    }
  }
}
