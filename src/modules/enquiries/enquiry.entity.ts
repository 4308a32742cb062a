import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EnquiryStatus } from '@relining/contracts/enquiry-rules';

/** A council/corporate project enquiry or a product enquiry. */
@Entity({ name: 'enquiries' })
export class Enquiry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) kind!: 'corporate' | 'product';
  @Column({ type: 'text' }) status!: EnquiryStatus;
  @Column({ name: 'organisation_name', type: 'text', nullable: true }) organisationName!: string | null;
  /** The corporate form's contact person, or the product enquiry's name. */
  @Column({ name: 'contact_person', type: 'text' }) contactPerson!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ type: 'text' }) phone!: string;
  @Column({ name: 'site_address', type: 'text', nullable: true }) siteAddress!: string | null;
  /** The site address's state and postcode, when it names them or its locality is certain. */
  @Column({ type: 'text', nullable: true }) state!: string | null;
  @Column({ type: 'text', nullable: true }) postcode!: string | null;
  @Column({ name: 'issue_type', type: 'text', nullable: true }) issueType!: string | null;
  @Column({ type: 'text', nullable: true }) quantity!: string | null;
  @Column({ type: 'text', nullable: true }) timing!: string | null;
  @Column({ type: 'text', nullable: true }) business!: string | null;
  @Column({ type: 'text', nullable: true }) product!: string | null;
  /** The enquirer's own words: the corporate form's notes, or the product enquiry's message. */
  @Column({ type: 'text', nullable: true }) message!: string | null;
  @Column({ name: 'staff_notes', type: 'text', nullable: true }) staffNotes!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  /** Set when staff archive the enquiry: kept, out of the default list, restorable. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true }) archivedAt!: Date | null;
  @Column({ name: 'archived_by', type: 'uuid', nullable: true }) archivedBy!: string | null;
}
