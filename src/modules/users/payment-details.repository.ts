import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PaymentMethod } from '@relining/contracts/payout-rules';
import { queryRows } from '../../database/sql.js';

/** A plumber's payment details as stored (bank details encrypted, and their masked forms). */
export interface PaymentDetailsRow {
  userId: string;
  abn: string | null;
  gstRegistered: boolean;
  paymentMethod: PaymentMethod | null;
  accountName: string | null;
  bsbEncrypted: string | null;
  accountNumberEncrypted: string | null;
  bsbMasked: string | null;
  accountNumberMasked: string | null;
  postalAddress: string | null;
  bankDetailsChangedAt: Date | null;
  rctiAcceptedAt: Date | null;
  rctiVersion: string | null;
  supplierStatementAt: Date | null;
}

/** A payee: who the plumber is, and their payment details (none saved yet: `details` null). */
export interface PayeeRow {
  userId: string;
  email: string;
  fullName: string | null;
  businessName: string | null;
  details: PaymentDetailsRow | null;
}

const COLUMNS = `d.user_id AS "userId", d.abn, d.gst_registered AS "gstRegistered", d.payment_method AS "paymentMethod",
  d.account_name AS "accountName", d.bsb_encrypted AS "bsbEncrypted", d.account_number_encrypted AS "accountNumberEncrypted",
  d.bsb_masked AS "bsbMasked", d.account_number_masked AS "accountNumberMasked", d.postal_address AS "postalAddress",
  d.bank_details_changed_at AS "bankDetailsChangedAt", d.rcti_accepted_at AS "rctiAcceptedAt", d.rcti_version AS "rctiVersion",
  d.supplier_statement_at AS "supplierStatementAt"`;

export interface PaymentDetailsWrite {
  abn: string | null;
  gstRegistered: boolean;
  paymentMethod: PaymentMethod | null;
  accountName: string | null;
  postalAddress: string | null;
  /** Set: the bank details change (and the 48-hour hold starts at `changedAt`). */
  bank?: {
    bsbEncrypted: string | null;
    accountNumberEncrypted: string | null;
    bsbMasked: string | null;
    accountNumberMasked: string | null;
    changedAt: Date | null;
  };
}

/** Intent-named queries over plumbers' payment details (table plumber_payment_details, issue 18). */
@Injectable()
export class PaymentDetailsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The plumber's details; `lock` holds the row for the transaction (a change is coming). */
  async find(userId: string, manager?: EntityManager, lock = false): Promise<PaymentDetailsRow | null> {
    const rows = await queryRows<PaymentDetailsRow>(
      manager ?? this.dataSource,
      `SELECT ${COLUMNS} FROM plumber_payment_details d WHERE d.user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Makes the row exist (empty) so it can be locked: two saves of one plumber's details queue up. */
  async ensure(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`INSERT INTO plumber_payment_details (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
  }

  async save(manager: EntityManager, userId: string, write: PaymentDetailsWrite): Promise<void> {
    await manager.query(
      `UPDATE plumber_payment_details SET abn = $2, gst_registered = $3, payment_method = $4, account_name = $5, postal_address = $6,
         bsb_encrypted = CASE WHEN $7 THEN $8 ELSE bsb_encrypted END,
         account_number_encrypted = CASE WHEN $7 THEN $9 ELSE account_number_encrypted END,
         bsb_masked = CASE WHEN $7 THEN $10 ELSE bsb_masked END,
         account_number_masked = CASE WHEN $7 THEN $11 ELSE account_number_masked END,
         bank_details_changed_at = CASE WHEN $7 THEN $12::timestamptz ELSE bank_details_changed_at END,
         updated_at = now()
       WHERE user_id = $1`,
      [
        userId,
        write.abn,
        write.gstRegistered,
        write.paymentMethod,
        write.accountName,
        write.postalAddress,
        write.bank !== undefined,
        write.bank?.bsbEncrypted ?? null,
        write.bank?.accountNumberEncrypted ?? null,
        write.bank?.bsbMasked ?? null,
        write.bank?.accountNumberMasked ?? null,
        write.bank?.changedAt ?? null,
      ],
    );
  }

  /** The RCTI agreement accepted (the first acceptance of a version stands). */
  async acceptRcti(manager: EntityManager, userId: string, version: string): Promise<void> {
    await manager.query(
      `UPDATE plumber_payment_details SET rcti_accepted_at = CASE WHEN rcti_version = $2 THEN rcti_accepted_at ELSE now() END,
         rcti_version = $2, updated_at = now() WHERE user_id = $1`,
      [userId, version],
    );
  }

  async setSupplierStatement(manager: EntityManager, userId: string, onFile: boolean, actorId: string): Promise<void> {
    await manager.query(
      `UPDATE plumber_payment_details SET
         supplier_statement_at = CASE WHEN $2 THEN coalesce(supplier_statement_at, now()) ELSE NULL END,
         supplier_statement_by = CASE WHEN $2 THEN coalesce(supplier_statement_by, $3) ELSE NULL END,
         updated_at = now()
       WHERE user_id = $1`,
      [userId, onFile, actorId],
    );
  }

  /** The accounts and details of these users (a payout run's plumbers), one query. */
  async findPayees(ids: readonly string[], manager?: EntityManager): Promise<PayeeRow[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<
      Omit<PaymentDetailsRow, 'userId'> & { id: string; email: string; fullName: string | null; businessName: string | null; hasDetails: boolean }
    >(
      manager ?? this.dataSource,
      `SELECT u.id, u.email, p.full_name AS "fullName", p.business_name AS "businessName", d.user_id IS NOT NULL AS "hasDetails", ${COLUMNS}
       FROM users u
       LEFT JOIN profiles p ON p.user_id = u.id
       LEFT JOIN plumber_payment_details d ON d.user_id = u.id
       WHERE u.id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return rows.map(({ id, email, fullName, businessName, hasDetails, ...details }) => ({
      userId: id,
      email,
      fullName,
      businessName,
      details: hasDetails ? { ...details, userId: id } : null,
    }));
  }
}
