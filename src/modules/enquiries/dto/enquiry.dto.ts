import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { CheckedBy, SpamTrap, TextField } from '../../../common/http/validation.js';
import {
  corporateEnquiryProblems,
  ISSUE_TYPES,
  PRODUCTS,
  productEnquiryProblems,
  TIMINGS,
  type IssueType,
  type Timing,
} from '@relining/contracts/enquiry-rules';

const KIND_MESSAGE = "kind must be 'corporate' or 'product'";

/**
 * A corporate project enquiry (spec §5), and the class of any enquiry whose kind is not 'product':
 * an unknown kind is refused on its own, before the corporate rules.
 */
@CheckedBy<CorporateEnquiryDto>((enquiry) => (enquiry.kind === 'corporate' ? corporateEnquiryProblems(enquiry) : [{ field: 'kind', message: KIND_MESSAGE }]))
export class CorporateEnquiryDto {
  @ApiProperty({ enum: ['corporate'] }) @TextField() kind!: 'corporate';
  @ApiProperty({ example: 'City of Example' }) @TextField() organisationName!: string;
  @ApiProperty({ example: 'Jordan Lee' }) @TextField() contactPerson!: string;
  @ApiProperty({ example: 'jordan@example.gov.au' }) @TextField() email!: string;
  @ApiProperty({ example: '03 9000 0000' }) @TextField() phone!: string;
  @ApiProperty({ example: '1 Civic Drive, Example VIC 3000' }) @TextField() siteAddress!: string;
  @ApiProperty({ enum: ISSUE_TYPES.map((option) => option.value) }) @TextField() issueType!: IssueType;
  @ApiProperty({ required: false, example: '400 m of 225 mm stormwater' }) @TextField() quantity?: string;
  @ApiProperty({ enum: TIMINGS.map((option) => option.value) }) @TextField() timing!: Timing;
  @ApiProperty({ required: false }) @TextField() notes?: string;
  @ApiProperty({ required: false, description: 'Spam trap: must stay empty.' }) @SpamTrap() _gotcha?: string;
}

/** A product enquiry (issue 5: the product dialog). */
@CheckedBy<ProductEnquiryDto>((enquiry) => productEnquiryProblems(enquiry))
export class ProductEnquiryDto {
  @ApiProperty({ enum: ['product'] }) @TextField() kind!: 'product';
  @ApiProperty({ example: 'Pat Supplier' }) @TextField() name!: string;
  @ApiProperty({ example: 'pat@example.com.au' }) @TextField() email!: string;
  @ApiProperty({ example: '0400 555 666' }) @TextField() phone!: string;
  @ApiProperty({ required: false }) @TextField() business?: string;
  @ApiProperty({ enum: PRODUCTS }) @TextField() product!: string;
  @ApiProperty() @TextField() message!: string;
  @ApiProperty({ required: false, description: 'Spam trap: must stay empty.' }) @SpamTrap() _gotcha?: string;
}

export type EnquiryRequestDto = CorporateEnquiryDto | ProductEnquiryDto;

/** Which form an enquiry is, by its kind as posted: a product enquiry, or else a corporate one. */
export function enquiryClassFor(fields: Readonly<Record<string, unknown>>): Type<EnquiryRequestDto> {
  return fields.kind === 'product' ? ProductEnquiryDto : CorporateEnquiryDto;
}
