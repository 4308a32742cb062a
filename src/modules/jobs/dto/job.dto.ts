import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type * as Jobs from '@relining/contracts/api/jobs';
import { BULK_JOB_MESSAGES, MAX_BULK_JOB_IDS, type JobActivityKind, type JobEmail } from '@relining/contracts/api/jobs';
import { JOB_STATUSES, type JobStatus, type StageState } from '@relining/contracts/job-status';
import type { NotificationStatus } from '@relining/contracts/notification-status';

/**
 * An address holding NUL is no mailbox: refused here with the e-mail's own message (the service checks
 * the rest of the mailbox rule), before the validation pipe's generic NUL refusal would name it.
 */
const NO_NUL = /^[^\u0000]*$/u;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const STATUS_MESSAGE = `Status must be one of: ${JOB_STATUSES.join(', ')}`;

/**
 * POST /admin/jobs. The three required fields are checked by the spec's rule (one message for any
 * missing one, then the e-mail), so they are optional here and validated in the service.
 */
export class CreateJobDto implements Jobs.CreateJobRequest {
  @ApiProperty({ example: 'JOB-1001', description: "The 'Job ID' as staff type it." })
  @IsOptional()
  @Transform(trim)
  @MaxLength(60, { message: 'Job ID must be at most 60 characters' })
  @IsString({ message: 'Job ID must be text' })
  jobNumber?: string;

  @ApiProperty({ example: 'Alex Citizen' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(120, { message: 'Customer name must be at most 120 characters' })
  @IsString({ message: 'Customer name must be text' })
  customerName?: string;

  @ApiProperty({ example: 'alex@example.com.au' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @Matches(NO_NUL, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  customerEmail?: string;

  @ApiProperty({ enum: JOB_STATUSES, default: 'booked', required: false })
  @IsOptional()
  @IsIn(JOB_STATUSES, { message: STATUS_MESSAGE })
  status?: JobStatus;

  @ApiProperty({ required: false })
  @IsOptional()
  @Transform(trim)
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @IsString({ message: 'Phone must be text' })
  customerPhone?: string;

  @ApiProperty({ required: false, description: "Shown as 'Not specified' when empty." })
  @IsOptional()
  @Transform(trim)
  @MaxLength(300, { message: 'Address must be at most 300 characters' })
  @IsString({ message: 'Address must be text' })
  address?: string;

  @ApiProperty({ required: false, description: 'The booking this job comes from.' })
  @IsOptional()
  @IsUUID('all', { message: 'bookingId must be a booking id' })
  bookingId?: string;

  @ApiProperty({
    required: false,
    nullable: true,
    description:
      'The referral this job carries. Left out with a bookingId: the first referrer of the last 90 days for the same customer is linked, or two plumbers claiming the customer open a review. null: no referral.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'referralId must be a referral id' })
  referralId?: string | null;

  @ApiProperty({ required: false, description: "E-mail the link now; by default as the 'Automatic Email Notifications' setting says." })
  @IsOptional()
  @IsBoolean({ message: 'notify must be true or false' })
  notify?: boolean;
}

/**
 * PUT /admin/jobs/:id: react-admin sends the whole record; only the customer's name, e-mail and the
 * address change (the job number, status, tracking code and dates are ignored). A field left out is
 * left as it is.
 */
export class UpdateJobDto {
  @ApiProperty({ required: false, example: 'Alex Citizen' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(120, { message: 'Customer name must be at most 120 characters' })
  @IsString({ message: 'Customer name must be text' })
  customerName?: string;

  @ApiProperty({ required: false, example: 'alex@example.com.au' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @Matches(NO_NUL, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  customerEmail?: string;

  @ApiProperty({ required: false, nullable: true, description: "Empty or null: none ('Not specified')." })
  @IsOptional()
  @Transform(trim)
  @MaxLength(300, { message: 'Address must be at most 300 characters' })
  @IsString({ message: 'Address must be text' })
  address?: string | null;
}

export class UpdateJobStatusDto implements Jobs.JobStatusUpdate {
  @ApiProperty({ enum: JOB_STATUSES })
  @IsIn(JOB_STATUSES, { message: STATUS_MESSAGE })
  status!: JobStatus;

  @ApiProperty({ required: false, default: true, description: "E-mail the customer. Left out: as the 'Automatic Email Notifications' setting says." })
  @IsOptional()
  @IsBoolean({ message: 'notify must be true or false' })
  notify?: boolean;
}

/** POST /admin/jobs/bulk-status: the jobs, the stage, and whether their customers are e-mailed. */
export class BulkJobStatusDto implements Jobs.BulkJobStatusRequest {
  @ApiProperty({ type: [String], format: 'uuid', description: `1 to ${MAX_BULK_JOB_IDS} job ids.` })
  // class-validator runs these bottom up; the first failing message is the field's.
  @IsUUID('all', { each: true, message: BULK_JOB_MESSAGES.idShape })
  @ArrayMaxSize(MAX_BULK_JOB_IDS, { message: BULK_JOB_MESSAGES.tooMany })
  @ArrayNotEmpty({ message: BULK_JOB_MESSAGES.idsRequired })
  @IsArray({ message: BULK_JOB_MESSAGES.idsRequired })
  ids!: string[];

  @ApiProperty({ enum: JOB_STATUSES })
  @IsIn(JOB_STATUSES, { message: STATUS_MESSAGE })
  status!: JobStatus;

  @ApiProperty({ description: "'Notify customers': one e-mail per job whose stage changed." })
  @IsBoolean({ message: 'notify must be true or false' })
  notify!: boolean;
}

export class BulkJobStatusResult implements Jobs.BulkJobStatusResult {
  @ApiProperty({ type: [String] }) updated!: string[];
  @ApiProperty({ type: [String] }) unchanged!: string[];
}

export class JobActivityResponse implements Jobs.JobActivity {
  @ApiProperty() at!: string;
  @ApiProperty({ enum: ['stage', 'email', 'report', 'quote', 'acceptance', 'change'] }) kind!: JobActivityKind;
  @ApiProperty() title!: string;
  @ApiProperty({ required: false }) detail?: string;
  @ApiProperty({ required: false }) actorName?: string;
  @ApiProperty({ required: false, description: "An e-mail's delivery status." }) status?: string;
}

/** POST /api/job-status/:code/unlock: one of the two (checked by job-access.rules.ts). */
export class UnlockJobDto {
  @ApiProperty({ required: false, example: '2150', description: "The site's postcode." })
  @IsOptional()
  @IsString({ message: 'A postcode is four digits.' })
  @MaxLength(20, { message: 'A postcode is four digits.' })
  postcode?: string;

  @ApiProperty({ required: false, example: '5678', description: "The last four digits of the customer's phone." })
  @IsOptional()
  @IsString({ message: 'Enter the last four digits of your phone.' })
  @MaxLength(20, { message: 'Enter the last four digits of your phone.' })
  phoneLast4?: string;
}

// The response classes describe the answers for the OpenAPI document; their shapes are the contracts'
// (@relining/contracts/api/jobs), which the front ends read.

export class JobNotificationRef implements Jobs.JobNotificationRef {
  @ApiProperty() id!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ enum: ['queued', 'preview'], description: "'preview' when no SMTP server is configured: saved, never sent." }) status!: NotificationStatus;
}

export class JobResponse implements Jobs.JobRecord {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'JOB-1001' }) jobNumber!: string;
  @ApiProperty() customerName!: string;
  @ApiProperty() customerEmail!: string;
  @ApiProperty({ nullable: true }) customerPhone!: string | null;
  @ApiProperty({ nullable: true }) address!: string | null;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty({ example: 'Quote Sent' }) statusLabel!: string;
  @ApiProperty() trackingCode!: string;
  @ApiProperty({ description: '{PUBLIC_BASE_URL}/job-status/{trackingCode}' }) trackingLink!: string;
  @ApiProperty({ nullable: true }) bookingId!: string | null;
  @ApiProperty({ nullable: true }) referralId!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ nullable: true, description: 'When staff archived the job (hidden from the active list, its page answers Invalid Job ID); null when active.' })
  archivedAt!: string | null;
}

export class JobEventResponse implements Jobs.JobTimelineEntry {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty() statusLabel!: string;
  @ApiProperty({ nullable: true }) previousStatus!: string | null;
  @ApiProperty({ nullable: true }) changedBy!: string | null;
  @ApiProperty() customerNotified!: boolean;
  @ApiProperty() createdAt!: string;
}

export class JobDetailResponse extends JobResponse implements Jobs.JobDetailRecord {
  @ApiProperty({ type: [JobEventResponse] }) timeline!: JobEventResponse[];
  @ApiProperty({ description: 'The e-mails sent for this job, newest first.' }) emails!: JobEmail[];
}

export class JobChangeResponse extends JobResponse implements Jobs.JobChangeResult {
  @ApiProperty({ type: JobNotificationRef, nullable: true, description: 'The e-mail queued for this change, if any.' })
  notification!: JobNotificationRef | null;
}

export class PublicJobStage implements Jobs.PublicJobStage {
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['completed', 'current', 'upcoming'] }) state!: StageState;
  @ApiProperty({ nullable: true, description: 'When the job reached this stage.' }) reachedAt!: string | null;
}

export class PublicJobStatusResponse implements Jobs.PublicJobStatus {
  @ApiProperty({ example: 'JOB-1001' }) jobNumber!: string;
  @ApiProperty({ example: 'Alex', description: 'First name only: the page shows no contact details.' }) customerFirstName!: string;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty() statusLabel!: string;
  @ApiProperty() explanation!: string;
  @ApiProperty({ type: [PublicJobStage] }) stages!: PublicJobStage[];
  @ApiProperty({ description: 'Index of the current stage divided by 5 (0 to 1).' }) progress!: number;
  @ApiProperty({ description: 'The same as a percentage (0 to 100).' }) progressPercent!: number;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ description: 'A report has been published (its content needs the page unlocked).' }) hasReport!: boolean;
  @ApiProperty({ description: 'A quote has been published (its content needs the page unlocked).' }) hasQuote!: boolean;
  @ApiProperty({ description: 'This browser has unlocked the job (POST /api/job-status/:code/unlock).' }) unlocked!: boolean;
}
