import { ApiProperty } from '@nestjs/swagger';
import type { MediaImageFields, MediaImageRecord, SiteSlotChange, SiteSlotRecord } from '@relining/contracts/api/media';
import { BodyField } from '../../../common/http/validation.js';

/** PUT /api/admin/media/:id: a photo's describing fields (checked by the shared media rules in the service). */
export class MediaFieldsDto implements Partial<Record<keyof MediaImageFields, unknown>> {
  @ApiProperty({ example: 'Our relining crew at work in a Richmond back yard' }) @BodyField() altText?: unknown;
  @ApiProperty({ required: false, nullable: true }) @BodyField() caption?: unknown;
  @ApiProperty({ required: false, description: "The photo shows a customer's property (then consentNote is required)." })
  @BodyField()
  showsCustomerProperty?: unknown;
  @ApiProperty({ required: false, nullable: true, description: 'Who gave consent, and when.' }) @BodyField() consentNote?: unknown;
}

/** PUT /api/admin/site-slots/:id. */
export class SiteSlotDto implements Partial<Record<keyof SiteSlotChange, unknown>> {
  @ApiProperty({ nullable: true, description: 'A media-library photo id, or null for the artwork.' }) @BodyField() imageId?: unknown;
  @ApiProperty({ required: false, nullable: true, description: "A pair's 'after' photo." }) @BodyField() afterImageId?: unknown;
  @ApiProperty({ required: false, description: "A pair's title." }) @BodyField() title?: unknown;
  @ApiProperty({ required: false, description: "A pair's description." }) @BodyField() description?: unknown;
}

export class MediaImageResponse implements MediaImageRecord {
  @ApiProperty() id!: string;
  @ApiProperty() altText!: string;
  @ApiProperty({ nullable: true, type: String }) caption!: string | null;
  @ApiProperty() showsCustomerProperty!: boolean;
  @ApiProperty({ nullable: true, type: String }) consentNote!: string | null;
  @ApiProperty({ nullable: true, type: String }) originalName!: string | null;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({ type: [Number] }) widths!: number[];
  @ApiProperty() byteSize!: number;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty({ type: [String] }) usedIn!: string[];
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ nullable: true, type: String }) archivedAt!: string | null;
}

export class SiteSlotResponse implements SiteSlotRecord {
  @ApiProperty() id!: SiteSlotRecord['id'];
  @ApiProperty({ enum: ['image', 'pair', 'gallery'] }) kind!: SiteSlotRecord['kind'];
  @ApiProperty() label!: string;
  @ApiProperty() page!: string;
  @ApiProperty({ nullable: true, type: String }) imageId!: string | null;
  @ApiProperty({ nullable: true, type: String }) afterImageId!: string | null;
  @ApiProperty({ nullable: true, type: String }) title!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) updatedAt!: string | null;
}
