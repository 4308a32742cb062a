import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A staff-editable e-mail, keyed by the event that sends it. Variables are written `{customerName}`. */
@Entity({ name: 'email_templates' })
export class EmailTemplate {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  /**
   * Digest of the default wording the seed last gave this row: while the row still holds exactly that
   * wording (staff never changed it), a new default replaces it at the next start (templates.seed.ts).
   */
  @Column({ name: 'default_digest', type: 'text', nullable: true })
  defaultDigest!: string | null;
}
