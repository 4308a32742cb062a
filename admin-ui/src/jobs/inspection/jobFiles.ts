import { jobPhotoUrl, type JobPhotoRecord } from '@relining/contracts/api/inspections';
import { answerOf, ApiError, apiUrl, NETWORK_ERROR_MESSAGE } from '@relining/contracts/client/http';
import { saveBlob } from '../../common/download';
import { session } from '../../providers/session';

/** The same limit as referral photos (the server refuses larger files with its own message). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** A job's API path under /api, as the console's session calls take it. */
export const jobPath = (jobId: string) => `/admin/jobs/${jobId}`;

/** A job photo's JPEG at a width near `wanted` (the smallest variant at least that wide, else the largest). */
export function jobPhotoPath(jobId: string, photo: Pick<JobPhotoRecord, 'id' | 'widths'>, wanted: number): string {
  const width = photo.widths.find((candidate) => candidate >= wanted) ?? photo.widths[photo.widths.length - 1] ?? wanted;
  return jobPhotoUrl(jobPath(jobId), photo.id, width, 'jpeg');
}

/** Files over the limit, named for the message staff read before anything is sent. */
export function oversizedFiles(files: readonly File[]): string[] {
  return files.filter((file) => file.size > MAX_PHOTO_BYTES).map((file) => file.name || 'A photo');
}

function post(path: string, body: FormData, token: string | null, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      resolve({ status: request.status, body: parsed });
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    request.send(body);
  });
}

/**
 * POST /api/admin/jobs/:id/photos (multipart, field 'photos') with upload progress, which fetch does
 * not report: an XMLHttpRequest with the session's token, renewed once on 401 like every console
 * request. The new photos, or an ApiError with the server's message (a refused type, a file too big).
 */
export async function uploadJobPhotos(jobId: string, files: readonly File[], onProgress: (fraction: number) => void): Promise<JobPhotoRecord[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const path = `${jobPath(jobId)}/photos`;
  let answer = await post(path, form, session.token, onProgress);
  if (answer.status === 401) {
    const renewed = await session.refresh();
    if (renewed) answer = await post(path, form, renewed.accessToken, onProgress);
  }
  return answerOf<JobPhotoRecord[]>(answer);
}

/** A file the API guards with the access token (the report's PDF), saved through a temporary link. */
export async function downloadGuarded(path: string, fileName: string): Promise<void> {
  saveBlob(await session.blob(path), fileName);
}
