import { ApiProperty } from '@nestjs/swagger';
import { companyProfileProblems } from '@relining/contracts/company-profile-rules';
import { LICENCE_STATES, type CompanyProfile, type PlumbingLicence, type ProfileLink } from '@relining/contracts/site-content';
import { BodyField, CheckedBy } from '../../../common/http/validation.js';

class PlumbingLicenceResponse implements PlumbingLicence {
  @ApiProperty({ enum: LICENCE_STATES }) state!: PlumbingLicence['state'];
  @ApiProperty({ example: 'PL12345' }) number!: string;
}

class ProfileLinkResponse implements ProfileLink {
  @ApiProperty({ example: 'Google reviews' }) label!: string;
  @ApiProperty({ example: 'https://g.page/r/example' }) url!: string;
}

/**
 * PUT /api/admin/company-profile: the fields it names are checked by the shared profile rules
 * (packages/contracts/src/company-profile-rules.ts, the console's own messages) and saved; fields left out keep their value.
 */
@CheckedBy<CompanyProfileDto>((profile) => companyProfileProblems(profile, new Date().getFullYear()))
export class CompanyProfileDto implements Partial<Record<keyof CompanyProfile, unknown>> {
  @ApiProperty({ required: false, example: 'Pipe Relining Australia Pty Ltd' }) @BodyField() legalName?: unknown;
  @ApiProperty({ required: false, example: '51 824 753 556' }) @BodyField() abn?: unknown;
  @ApiProperty({ required: false, type: [PlumbingLicenceResponse] }) @BodyField() licences?: unknown;
  @ApiProperty({ required: false }) @BodyField() insurer?: unknown;
  @ApiProperty({ required: false }) @BodyField() insurancePolicy?: unknown;
  @ApiProperty({ required: false, nullable: true, example: 2009 }) @BodyField() establishedYear?: unknown;
  @ApiProperty({ required: false, example: 'Mon–Fri 7am–5pm' }) @BodyField() serviceHours?: unknown;
  @ApiProperty({ required: false, type: [ProfileLinkResponse] }) @BodyField() socialLinks?: unknown;
  @ApiProperty({ required: false, type: [ProfileLinkResponse] }) @BodyField() reviewLinks?: unknown;
}

export class CompanyProfileResponse implements CompanyProfile {
  @ApiProperty() legalName!: string;
  @ApiProperty({ description: '11 digits' }) abn!: string;
  @ApiProperty({ type: [PlumbingLicenceResponse] }) licences!: PlumbingLicence[];
  @ApiProperty() insurer!: string;
  @ApiProperty() insurancePolicy!: string;
  @ApiProperty({ nullable: true, type: Number }) establishedYear!: number | null;
  @ApiProperty() serviceHours!: string;
  @ApiProperty({ type: [ProfileLinkResponse] }) socialLinks!: ProfileLink[];
  @ApiProperty({ type: [ProfileLinkResponse] }) reviewLinks!: ProfileLink[];
}
