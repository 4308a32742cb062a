import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paying plumbers (issue 18).
 * - `plumber_payment_details` (users module): a plumber's ABN, GST registration, how they are paid,
 *   and their bank details encrypted by the application (AES-256-GCM, key PAYOUT_ENCRYPTION_KEY,
 *   never in the database) beside the masked forms every screen shows; when they last changed (the
 *   48-hour hold), the RCTI agreement accepted, and a Statement by a Supplier recorded by staff.
 * - `payout_runs` (payouts module): a batch of approved rebates paid together (PR-0001); draft, paid
 *   or cancelled; who was left out when it was made and why; the plumbers in the last ABA file.
 * - `payout_run_entries`: the ledger entries of a run. An entry is in one open run at most (a run
 *   cancelled, or a plumber left out when it was paid, releases its entries for a later run).
 * - `payout_payments`: one per plumber paid in a run: the amount, the GST the RCTI shows, the RCTI's
 *   number (RCTI-000001) and its PDF's object key, and how they were paid (masked).
 */
export class Payouts1765100000000 implements MigrationInterface {
  name = 'Payouts1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE plumber_payment_details (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        abn text NULL CHECK (abn ~ '^[0-9]{11}$'),
        gst_registered boolean NOT NULL DEFAULT false,
        payment_method text NULL CHECK (payment_method IN ('direct_deposit', 'cheque')),
        account_name text NULL CHECK (char_length(account_name) <= 32),
        bsb_encrypted text NULL,
        account_number_encrypted text NULL,
        bsb_masked text NULL,
        account_number_masked text NULL,
        postal_address text NULL CHECK (char_length(postal_address) <= 300),
        bank_details_changed_at timestamptz NULL,
        rcti_accepted_at timestamptz NULL,
        rcti_version text NULL,
        supplier_statement_at timestamptz NULL,
        supplier_statement_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((bsb_encrypted IS NULL) = (account_number_encrypted IS NULL))
      )`);
    await queryRunner.query(`CREATE SEQUENCE payout_run_number_seq`);
    await queryRunner.query(`CREATE SEQUENCE rcti_number_seq`);
    await queryRunner.query(`
      CREATE TABLE payout_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number integer NOT NULL UNIQUE DEFAULT nextval('payout_run_number_seq'),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'paid', 'cancelled')),
        due_before date NULL,
        excluded jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz NULL,
        paid_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        cancelled_at timestamptz NULL,
        cancelled_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        file_downloaded_at timestamptz NULL,
        file_plumber_ids uuid[] NULL,
        CHECK ((status = 'paid') = (paid_at IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX payout_runs_created ON payout_runs (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE payout_run_entries (
        run_id uuid NOT NULL REFERENCES payout_runs (id) ON DELETE CASCADE,
        entry_id uuid NOT NULL REFERENCES rebate_entries (id),
        plumber_id uuid NOT NULL REFERENCES users (id),
        amount_cents integer NOT NULL,
        released boolean NOT NULL DEFAULT false,
        PRIMARY KEY (run_id, entry_id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX payout_run_entries_one_open_run ON payout_run_entries (entry_id) WHERE NOT released`);
    await queryRunner.query(`CREATE INDEX payout_run_entries_plumber ON payout_run_entries (plumber_id)`);
    await queryRunner.query(`
      CREATE TABLE payout_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        run_id uuid NOT NULL REFERENCES payout_runs (id),
        plumber_id uuid NOT NULL REFERENCES users (id),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        gst_cents integer NOT NULL CHECK (gst_cents >= 0),
        rcti_number text NOT NULL UNIQUE,
        rcti_key text NOT NULL,
        payment_method text NOT NULL CHECK (payment_method IN ('direct_deposit', 'cheque')),
        bank_details text NULL,
        postal_address text NULL,
        plumber_name text NOT NULL,
        business_name text NULL,
        abn text NULL,
        gst_registered boolean NOT NULL,
        paid_at timestamptz NOT NULL,
        UNIQUE (run_id, plumber_id)
      )`);
    await queryRunner.query(`CREATE INDEX payout_payments_plumber ON payout_payments (plumber_id, paid_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payout_payments`);
    await queryRunner.query(`DROP TABLE payout_run_entries`);
    await queryRunner.query(`DROP TABLE payout_runs`);
    await queryRunner.query(`DROP SEQUENCE rcti_number_seq`);
    await queryRunner.query(`DROP SEQUENCE payout_run_number_seq`);
    await queryRunner.query(`DROP TABLE plumber_payment_details`);
  }
}
