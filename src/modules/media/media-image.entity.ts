import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A photo of the media library (issue 14): its files are under `storagePrefix` in the file storage. */
@Entity({ name: 'media_images' })
export class MediaImage {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'alt_text', type: 'text' }) altText!: string;
  @Column({ type: 'text', nullable: true }) caption!: string | null;
  @Column({ name: 'shows_customer_property', type: 'boolean', default: false }) showsCustomerProperty!: boolean;
  @Column({ name: 'consent_note', type: 'text', nullable: true }) consentNote!: string | null;
  @Column({ name: 'original_name', type: 'text', nullable: true }) originalName!: string | null;
  @Column({ name: 'content_type', type: 'text' }) contentType!: string;
  @Column({ type: 'integer' }) width!: number;
  @Column({ type: 'integer' }) height!: number;
  @Column({ type: 'integer', array: true }) widths!: number[];
  /** All its files together (bigint: read as a number, photos are far below 2^53 bytes). */
  @Column({ name: 'byte_size', type: 'bigint', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } }) byteSize!: number;
  @Column({ name: 'storage_prefix', type: 'text' }) storagePrefix!: string;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true }) archivedAt!: Date | null;
}
