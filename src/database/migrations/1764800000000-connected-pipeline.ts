import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The history line of a reline the original rule marked paid without a reline (down() finds it again by it). */
const RELINE_NOT_EARNED = 'The reline rebate was marked paid without a reline (the original rule): not earned, so not carried into the ledger';

/**
 * One connected pipeline (issue 15): booking → job → referral → rebates that are never wrong.
 *
 * - `users.referral_code`: each plumber's code (the link `/?ref=CODE` carries it).
 * - `bookings`: the referral code the booking carried, what became of it, and the plumber it names.
 * - `referrals`: the client's e-mail (a booking's), the keys referrals of one customer are matched by
 *   (phone normalised to +61, street address with postcode), the booking and job it is linked to and
 *   the job's stage, staff's internal notes apart from the plumber's own, and the duplicate hold.
 *   `job_id` mirrors `jobs.referral_id` (which references referrals): no foreign key back, so the
 *   references keep an order in which a backup can be restored.
 * - `referral_reviews`: what staff must decide (two plumbers claim a customer, a duplicate, an unknown code).
 * - `rebate_entries`: the ledger. One row per earned or adjusted amount; its state moves pending →
 *   approved → paid, or void with a reason. Every insert and change writes `rebate_entry_events` (a
 *   trigger, so no code path can change a row without its history); amounts, kind and referral never
 *   change, and no entry is ever deleted. `rebate_totals` keeps the money by kind and state.
 *
 * Today's rebate fields become ledger entries without losing or inventing money: a part whose
 * milestone happened (`processing`: only its completion status set it; or paid with its completion
 * time set) becomes an entry (processing → pending, paid → paid), at its completion time (or the
 * row's last change when that was never recorded); a Clean & View part marked paid without its
 * completion time stays a paid entry (staff recorded that payment); a reline part marked paid without a reline (the original's rule paid both
 * parts at `rebate_paid`) was never earned and is not carried: its referral's history says so.
 * A referral's notes that staff changed go to `staff_notes`, and the plumber's words come back.
 */
export class ConnectedPipeline1764800000000 implements MigrationInterface {
  name = 'ConnectedPipeline1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Referral codes.
    await queryRunner.query(`ALTER TABLE users ADD COLUMN referral_code text NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_referral_code_unique ON users (referral_code) WHERE referral_code IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_referral_code_format CHECK (referral_code IS NULL OR referral_code ~ '^[A-Z0-9]{6,12}$')`);

    // Bookings carry a code.
    await queryRunner.query(`
      ALTER TABLE bookings
        ADD COLUMN referral_code text NULL CHECK (referral_code IS NULL OR length(referral_code) BETWEEN 1 AND 40),
        ADD COLUMN referral_code_status text NULL CHECK (referral_code_status IN ('attributed', 'unknown', 'self')),
        ADD COLUMN referrer_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        ADD CONSTRAINT bookings_referral_code_pair_check CHECK ((referral_code IS NULL) = (referral_code_status IS NULL))`);

    // Referrals: links, matching keys, staff notes, the duplicate hold.
    await queryRunner.query(`
      ALTER TABLE referrals
        ADD COLUMN client_email text NULL,
        ADD COLUMN client_phone_key text NOT NULL DEFAULT '',
        ADD COLUMN address_key text NOT NULL DEFAULT '',
        ADD COLUMN booking_id uuid NULL REFERENCES bookings (id) ON DELETE SET NULL,
        ADD COLUMN job_id uuid NULL,
        ADD COLUMN job_stage text NULL CHECK (job_stage IN ('booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed')),
        ADD COLUMN job_quote_accepted boolean NOT NULL DEFAULT false,
        ADD COLUMN staff_notes text NULL,
        ADD COLUMN review_state text NULL CHECK (review_state IN ('held', 'approved', 'rejected')),
        ADD COLUMN duplicate_of uuid NULL REFERENCES referrals (id) ON DELETE SET NULL`);
    await queryRunner.query(`ALTER TABLE referrals DROP CONSTRAINT referrals_source_check`);
    await queryRunner.query(`ALTER TABLE referrals ADD CONSTRAINT referrals_source_check CHECK (source IN ('dashboard', 'quick', 'booking'))`);
    await queryRunner.query(`ALTER TABLE referrals DROP CONSTRAINT referrals_rebate_status_check`);
    await queryRunner.query(`
      ALTER TABLE referrals ADD CONSTRAINT referrals_rebate_status_check
        CHECK (cleanview_rebate_status IN ('pending', 'processing', 'approved', 'paid', 'void')
           AND reline_rebate_status IN ('pending', 'processing', 'approved', 'paid', 'void'))`);
    // The matching keys of the referrals already stored: digits, a trunk 0 or a bare 61 made +61.
    await queryRunner.query(`
      UPDATE referrals SET
        client_phone_key = CASE
          WHEN regexp_replace(client_phone, '\\D', '', 'g') ~ '^0[23478][0-9]{8}$' THEN '+61' || substr(regexp_replace(client_phone, '\\D', '', 'g'), 2)
          WHEN regexp_replace(client_phone, '\\D', '', 'g') ~ '^61[23478][0-9]{8}$' THEN '+' || regexp_replace(client_phone, '\\D', '', 'g')
          ELSE regexp_replace(client_phone, '\\D', '', 'g') END,
        address_key = CASE WHEN postcode IS NULL THEN '' ELSE lower(regexp_replace(btrim(job_address), '\\s+', ' ', 'g')) || '|' || postcode END`);
    await queryRunner.query(`CREATE INDEX referrals_client_email_idx ON referrals (lower(client_email), created_at) WHERE client_email IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX referrals_client_phone_key_idx ON referrals (client_phone_key, created_at) WHERE client_phone_key <> ''`);
    await queryRunner.query(`CREATE INDEX referrals_address_key_idx ON referrals (address_key, created_at) WHERE address_key <> ''`);
    await queryRunner.query(`CREATE INDEX referrals_booking_idx ON referrals (booking_id) WHERE booking_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX referrals_job_unique ON referrals (job_id) WHERE job_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE referral_events DROP CONSTRAINT referral_events_kind_check`);
    await queryRunner.query(`
      ALTER TABLE referral_events ADD CONSTRAINT referral_events_kind_check
        CHECK (kind IN ('created', 'status', 'notes', 'email', 'photo', 'attached', 'claim_declined', 'staff_notes', 'job_linked', 'review', 'rebate'))`);
    // Jobs already carrying a referral: the referral knows its job and the job's stage.
    await queryRunner.query(`
      UPDATE referrals r SET job_id = j.id, job_stage = j.status,
        job_quote_accepted = EXISTS (SELECT 1 FROM job_status_events e WHERE e.job_id = j.id AND e.status = 'accepted')
      FROM (SELECT DISTINCT ON (referral_id) * FROM jobs WHERE referral_id IS NOT NULL ORDER BY referral_id, created_at) j
      WHERE j.referral_id = r.id`);
    // Staff's notes apart from the plumber's: where staff changed the notes, the current text is
    // theirs and the plumber's own words are what the first change replaced.
    await queryRunner.query(`
      UPDATE referrals r SET staff_notes = r.notes, notes = first_change.from_value
      FROM (SELECT DISTINCT ON (referral_id) referral_id, from_value FROM referral_events WHERE kind = 'notes' ORDER BY referral_id, created_at, id) first_change
      WHERE first_change.referral_id = r.id`);

    // What staff must decide.
    await queryRunner.query(`
      CREATE TABLE referral_reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('conflict', 'duplicate', 'unknown_code')),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
        summary text NOT NULL,
        job_id uuid NULL REFERENCES jobs (id) ON DELETE CASCADE,
        booking_id uuid NULL REFERENCES bookings (id) ON DELETE CASCADE,
        referral_id uuid NULL REFERENCES referrals (id) ON DELETE CASCADE,
        referral_code text NULL,
        candidate_ids uuid[] NOT NULL DEFAULT '{}',
        resolution text NULL,
        resolved_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        resolved_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX referral_reviews_list_idx ON referral_reviews (status, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE UNIQUE INDEX referral_reviews_conflict_unique ON referral_reviews (job_id) WHERE kind = 'conflict' AND status = 'open'`);
    await queryRunner.query(`CREATE UNIQUE INDEX referral_reviews_duplicate_unique ON referral_reviews (referral_id) WHERE kind = 'duplicate' AND status = 'open'`);
    await queryRunner.query(`CREATE UNIQUE INDEX referral_reviews_code_unique ON referral_reviews (booking_id) WHERE kind = 'unknown_code' AND status = 'open'`);

    // The rebate ledger.
    await queryRunner.query(`
      CREATE TABLE rebate_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        referral_id uuid NOT NULL REFERENCES referrals (id) ON DELETE RESTRICT,
        plumber_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        ref_number text NOT NULL,
        plumber_name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('cleanview', 'reline', 'adjustment')),
        amount_cents integer NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'approved', 'paid', 'void')),
        milestone_at timestamptz NOT NULL,
        due_at timestamptz NULL,
        paid_at timestamptz NULL,
        void_reason text NULL,
        void_source text NULL CHECK (void_source IN ('staff', 'pipeline')),
        adjusts uuid NULL REFERENCES rebate_entries (id) ON DELETE RESTRICT,
        updated_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        change_reason text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT rebate_entries_amount_check CHECK (CASE WHEN kind = 'adjustment' THEN amount_cents <> 0 ELSE amount_cents > 0 END),
        CONSTRAINT rebate_entries_void_check CHECK ((state = 'void') = (void_reason IS NOT NULL AND void_source IS NOT NULL)),
        CONSTRAINT rebate_entries_paid_check CHECK ((state = 'paid') = (paid_at IS NOT NULL)),
        CONSTRAINT rebate_entries_adjusts_check CHECK ((adjusts IS NOT NULL) <= (kind = 'adjustment'))
      )`);
    // One live (not void) entry per referral and milestone; one refund per entry.
    await queryRunner.query(`CREATE UNIQUE INDEX rebate_entries_live_unique ON rebate_entries (referral_id, kind) WHERE kind <> 'adjustment' AND state <> 'void'`);
    await queryRunner.query(`CREATE UNIQUE INDEX rebate_entries_refund_unique ON rebate_entries (adjusts) WHERE adjusts IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX rebate_entries_referral_idx ON rebate_entries (referral_id, created_at)`);
    await queryRunner.query(`CREATE INDEX rebate_entries_plumber_idx ON rebate_entries (plumber_id, milestone_at DESC) WHERE plumber_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX rebate_entries_unpaid_due_idx ON rebate_entries (due_at) WHERE state IN ('pending', 'approved')`);
    await queryRunner.query(`CREATE INDEX rebate_entries_list_idx ON rebate_entries (created_at DESC, id DESC)`);
    await queryRunner.query(`
      CREATE TABLE rebate_entry_events (
        id bigserial PRIMARY KEY,
        entry_id uuid NOT NULL REFERENCES rebate_entries (id) ON DELETE RESTRICT,
        from_state text NULL,
        to_state text NOT NULL,
        reason text NULL,
        actor_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX rebate_entry_events_entry_idx ON rebate_entry_events (entry_id, id)`);
    await queryRunner.query(`
      CREATE TABLE rebate_totals (
        kind text NOT NULL,
        state text NOT NULL,
        entries bigint NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (kind, state)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION rebate_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'rebate entries are never deleted (void or refund them)';
        END IF;
        IF TG_OP = 'UPDATE' THEN
          IF NEW.referral_id <> OLD.referral_id OR NEW.kind <> OLD.kind OR NEW.amount_cents <> OLD.amount_cents
             OR NEW.milestone_at <> OLD.milestone_at OR NEW.adjusts IS DISTINCT FROM OLD.adjusts THEN
            RAISE EXCEPTION 'a rebate entry''s referral, kind, amount and milestone never change';
          END IF;
          IF OLD.state = 'void' AND NEW.state <> 'void' THEN
            RAISE EXCEPTION 'a void rebate entry stays void';
          END IF;
          IF OLD.state = 'paid' AND NEW.state <> 'paid' THEN
            RAISE EXCEPTION 'a paid rebate entry stays paid (record a refund)';
          END IF;
          NEW.updated_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER rebate_entries_guard BEFORE UPDATE OR DELETE ON rebate_entries FOR EACH ROW EXECUTE FUNCTION rebate_entries_guard()`);
    // Every insert and every change of state is written to the entry's history, with who and why.
    await queryRunner.query(`
      CREATE FUNCTION rebate_entries_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO rebate_entry_events (entry_id, from_state, to_state, reason, actor_id) VALUES (NEW.id, NULL, NEW.state, NEW.change_reason, NEW.updated_by);
          INSERT INTO rebate_totals AS t (kind, state, entries, cents) VALUES (NEW.kind, NEW.state, 1, NEW.amount_cents)
            ON CONFLICT (kind, state) DO UPDATE SET entries = t.entries + 1, cents = t.cents + EXCLUDED.cents;
        ELSIF NEW IS DISTINCT FROM OLD THEN
          INSERT INTO rebate_entry_events (entry_id, from_state, to_state, reason, actor_id) VALUES (NEW.id, OLD.state, NEW.state, NEW.change_reason, NEW.updated_by);
          IF NEW.state <> OLD.state THEN
            UPDATE rebate_totals SET entries = entries - 1, cents = cents - OLD.amount_cents WHERE kind = OLD.kind AND state = OLD.state;
            INSERT INTO rebate_totals AS t (kind, state, entries, cents) VALUES (NEW.kind, NEW.state, 1, NEW.amount_cents)
              ON CONFLICT (kind, state) DO UPDATE SET entries = t.entries + 1, cents = t.cents + EXCLUDED.cents;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER rebate_entries_history AFTER INSERT OR UPDATE ON rebate_entries FOR EACH ROW EXECUTE FUNCTION rebate_entries_history()`);
    await queryRunner.query(`
      CREATE FUNCTION rebate_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM rebate_totals;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER rebate_entries_truncate AFTER TRUNCATE ON rebate_entries FOR EACH STATEMENT EXECUTE FUNCTION rebate_totals_truncate()`);

    // Today's rebate fields become entries. Clean & View: processing → pending (earned, not yet
    // approved); paid → paid (with or without its completion time: staff recorded that payment).
    await queryRunner.query(`
      INSERT INTO rebate_entries (referral_id, plumber_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at, paid_at, change_reason)
      SELECT id, plumber_id, ref_number, plumber_name, 'cleanview', cleanview_rebate_amount_cents,
             CASE cleanview_rebate_status WHEN 'paid' THEN 'paid' ELSE 'pending' END,
             coalesce(cleanview_completed_at, cleanview_paid_at, updated_at),
             coalesce(cleanview_completed_at, cleanview_paid_at, updated_at) + interval '15 days',
             CASE cleanview_rebate_status WHEN 'paid' THEN coalesce(cleanview_paid_at, updated_at) END,
             'Carried over from the referral''s rebate fields'
      FROM referrals
      WHERE cleanview_rebate_amount_cents > 0 AND cleanview_rebate_status IN ('processing', 'paid')`);
    // Reline: 'processing' only ever followed a reline (the old rule set it at reline_completed); 'paid' only where the
    // reline happened (its completion time is set): the old rule also marked it paid after a Clean & View alone.
    await queryRunner.query(`
      INSERT INTO rebate_entries (referral_id, plumber_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at, paid_at, change_reason)
      SELECT id, plumber_id, ref_number, plumber_name, 'reline', reline_rebate_amount_cents,
             CASE reline_rebate_status WHEN 'paid' THEN 'paid' ELSE 'pending' END,
             coalesce(reline_completed_at, updated_at), coalesce(reline_completed_at, updated_at) + interval '30 days',
             CASE reline_rebate_status WHEN 'paid' THEN coalesce(reline_paid_at, updated_at) END,
             'Carried over from the referral''s rebate fields'
      FROM referrals
      WHERE reline_rebate_amount_cents > 0
        AND (reline_rebate_status = 'processing' OR (reline_rebate_status = 'paid' AND reline_completed_at IS NOT NULL))`);
    await queryRunner.query(
      `INSERT INTO referral_events (referral_id, kind, from_value, to_value)
       SELECT id, 'rebate', 'paid', $1 FROM referrals WHERE reline_rebate_status = 'paid' AND reline_completed_at IS NULL`,
      [RELINE_NOT_EARNED],
    );
    // The referral's own fields now say what the ledger says.
    await queryRunner.query(`
      UPDATE referrals r SET
        cleanview_rebate_status = coalesce((SELECT CASE e.state WHEN 'pending' THEN 'processing' ELSE e.state END FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'cleanview' AND e.state <> 'void'), 'pending'),
        cleanview_completed_at = (SELECT e.milestone_at FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'cleanview' AND e.state <> 'void'),
        cleanview_paid_at = (SELECT e.paid_at FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'cleanview' AND e.state <> 'void'),
        reline_rebate_status = coalesce((SELECT CASE e.state WHEN 'pending' THEN 'processing' ELSE e.state END FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'reline' AND e.state <> 'void'), 'pending'),
        reline_completed_at = (SELECT e.milestone_at FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'reline' AND e.state <> 'void'),
        reline_paid_at = (SELECT e.paid_at FROM rebate_entries e WHERE e.referral_id = r.id AND e.kind = 'reline' AND e.state <> 'void')
      WHERE cleanview_rebate_status <> 'pending' OR reline_rebate_status <> 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER rebate_entries_truncate ON rebate_entries`);
    await queryRunner.query(`DROP TRIGGER rebate_entries_history ON rebate_entries`);
    await queryRunner.query(`DROP TRIGGER rebate_entries_guard ON rebate_entries`);
    await queryRunner.query(`DROP FUNCTION rebate_totals_truncate()`);
    await queryRunner.query(`DROP FUNCTION rebate_entries_history()`);
    await queryRunner.query(`DROP FUNCTION rebate_entries_guard()`);
    await queryRunner.query(`DROP TABLE rebate_totals`);
    await queryRunner.query(`DROP TABLE rebate_entry_events`);
    await queryRunner.query(`DROP TABLE rebate_entries`);
    await queryRunner.query(`DROP TABLE referral_reviews`);
    await queryRunner.query(`UPDATE referrals SET notes = coalesce(staff_notes, notes)`);
    // A reline the original rule marked paid without a reline (and nothing earned since) is paid again,
    // as the earlier version had it, so migrating again carries it the same way and writes its history
    // again. up() cleared its payment time: it comes back as the Clean & View's, which that rule set at
    // the same moment (else the referral's last change).
    await queryRunner.query(
      `UPDATE referrals r SET reline_rebate_status = 'paid', reline_paid_at = coalesce(r.cleanview_paid_at, r.updated_at)
       WHERE r.reline_rebate_status = 'pending' AND r.reline_completed_at IS NULL
         AND EXISTS (SELECT 1 FROM referral_events e WHERE e.referral_id = r.id AND e.kind = 'rebate' AND e.from_value = 'paid' AND e.to_value = $1)`,
      [RELINE_NOT_EARNED],
    );
    await queryRunner.query(`DELETE FROM referral_events WHERE kind IN ('staff_notes', 'job_linked', 'review', 'rebate')`);
    await queryRunner.query(`ALTER TABLE referral_events DROP CONSTRAINT referral_events_kind_check`);
    await queryRunner.query(
      `ALTER TABLE referral_events ADD CONSTRAINT referral_events_kind_check CHECK (kind IN ('created', 'status', 'notes', 'email', 'photo', 'attached', 'claim_declined'))`,
    );
    // Approved is still owed (processing). Void is owed nothing: the earlier version knew no void, and
    // counted any unpaid part with a completion time as due, so the part goes back to not earned.
    await queryRunner.query(`UPDATE referrals SET cleanview_rebate_status = 'processing' WHERE cleanview_rebate_status = 'approved'`);
    await queryRunner.query(`UPDATE referrals SET reline_rebate_status = 'processing' WHERE reline_rebate_status = 'approved'`);
    await queryRunner.query(
      `UPDATE referrals SET cleanview_rebate_status = 'pending', cleanview_completed_at = NULL, cleanview_paid_at = NULL WHERE cleanview_rebate_status = 'void'`,
    );
    await queryRunner.query(`UPDATE referrals SET reline_rebate_status = 'pending', reline_completed_at = NULL, reline_paid_at = NULL WHERE reline_rebate_status = 'void'`);
    await queryRunner.query(`ALTER TABLE referrals DROP CONSTRAINT referrals_rebate_status_check`);
    await queryRunner.query(
      `ALTER TABLE referrals ADD CONSTRAINT referrals_rebate_status_check CHECK (cleanview_rebate_status IN ('pending', 'processing', 'paid') AND reline_rebate_status IN ('pending', 'processing', 'paid'))`,
    );
    await queryRunner.query(`UPDATE referrals SET source = 'dashboard' WHERE source = 'booking'`);
    await queryRunner.query(`ALTER TABLE referrals DROP CONSTRAINT referrals_source_check`);
    await queryRunner.query(`ALTER TABLE referrals ADD CONSTRAINT referrals_source_check CHECK (source IN ('dashboard', 'quick'))`);
    await queryRunner.query(`
      ALTER TABLE referrals
        DROP COLUMN client_email, DROP COLUMN client_phone_key, DROP COLUMN address_key, DROP COLUMN booking_id, DROP COLUMN job_id,
        DROP COLUMN job_stage, DROP COLUMN job_quote_accepted, DROP COLUMN staff_notes, DROP COLUMN review_state, DROP COLUMN duplicate_of`);
    await queryRunner.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_referral_code_pair_check, DROP COLUMN referral_code, DROP COLUMN referral_code_status, DROP COLUMN referrer_id`);
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_referral_code_format, DROP COLUMN referral_code`);
  }
}
