import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, their profiles and roles, refresh-token families and one-time account tokens. */
export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NULL,
        email_verified_at timestamptz NULL,
        disabled_at timestamptz NULL,
        token_version int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NULL,
        CONSTRAINT users_email_trimmed CHECK (email = btrim(email) AND email <> '')
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
    await queryRunner.query(`CREATE INDEX users_created_at_idx ON users (created_at DESC, id)`);
    await queryRunner.query(`
      CREATE TABLE profiles (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        full_name text NULL,
        business_name text NULL,
        phone text NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE user_roles (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'plumber'))
      )`);
    // One row per refresh token; a family is one sign-in and every rotation of it.
    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL,
        token_version int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        revoked_at timestamptz NULL,
        CONSTRAINT refresh_tokens_hash_unique UNIQUE (token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await queryRunner.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);
    await queryRunner.query(`
      CREATE TABLE account_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        CONSTRAINT account_tokens_hash_unique UNIQUE (token_hash),
        CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'invite'))
      )`);
    await queryRunner.query(`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)`);
    await queryRunner.query(
      `ALTER TABLE email_templates ADD CONSTRAINT email_templates_updated_by_fk FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_templates DROP CONSTRAINT email_templates_updated_by_fk`);
    await queryRunner.query(`DROP TABLE account_tokens`);
    await queryRunner.query(`DROP TABLE refresh_tokens`);
    await queryRunner.query(`DROP TABLE user_roles`);
    await queryRunner.query(`DROP TABLE profiles`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
