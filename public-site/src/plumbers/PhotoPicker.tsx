import { useEffect, useMemo, useRef } from 'react';

/** The server's limits (POST /api/me/referrals/:id/photos): checked here first so mistakes show at once. */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const ACCEPTED_NAME = /\.(jpe?g|png|webp|heic|heif)$/i;

/** The first problem with a choice of photos, or null. The server checks each file's content again. */
export function photoProblem(files: File[]): string | null {
  if (files.length > MAX_PHOTOS) return `You can add up to ${MAX_PHOTOS} photos.`;
  for (const file of files) {
    if (!ACCEPTED.includes(file.type) && !ACCEPTED_NAME.test(file.name)) return `${file.name} is not a JPEG, PNG, WebP or HEIC image.`;
    if (file.size > MAX_PHOTO_BYTES) return `${file.name} is larger than 10 MB.`;
  }
  return null;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Choose up to 5 photos of the problem, with previews and a remove button for each. */
export function PhotoPicker({ id, files, onChange, error }: { id: string; files: File[]; onChange: (files: File[]) => void; error?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(
    () => files.map((file) => (file.type.startsWith('image/') && file.type !== 'image/heic' && file.type !== 'image/heif' ? URL.createObjectURL(file) : null)),
    [files],
  );
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);

  function add(chosen: FileList | null) {
    if (!chosen) return;
    const known = new Set(files.map((file) => `${file.name}:${file.size}:${file.lastModified}`));
    onChange([...files, ...Array.from(chosen).filter((file) => !known.has(`${file.name}:${file.size}:${file.lastModified}`))]);
    if (input.current) input.current.value = '';
  }

  const full = files.length >= MAX_PHOTOS;
  return (
    <div className="field photo-picker">
      <span className="field__label" id={`${id}-label`}>
        Photos <span className="field__optional">(optional, up to {MAX_PHOTOS}, 10 MB each)</span>
      </span>
      <p className="field__hint" id={`${id}-hint`}>
        JPEG, PNG, WebP or HEIC photos of the problem or the site help us quote faster.
      </p>
      {files.length > 0 ? (
        <ul className="photo-picker__list" aria-label="Chosen photos">
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className="photo-picker__item">
              {previews[index] ? (
                <img src={previews[index]!} alt="" className="photo-picker__thumb" />
              ) : (
                <span className="photo-picker__thumb photo-picker__thumb--blank" aria-hidden="true">
                  HEIC
                </span>
              )}
              <span className="photo-picker__name">
                {file.name}
                <span className="muted"> · {size(file.size)}</span>
              </span>
              <button type="button" className="link-button" aria-label={`Remove ${file.name}`} onClick={() => onChange(files.filter((_, at) => at !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        multiple
        className="visually-hidden"
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        disabled={full}
        onChange={(event) => add(event.target.files)}
      />
      <label htmlFor={id} className={`button button--secondary photo-picker__add${full ? ' photo-picker__add--disabled' : ''}`} aria-hidden="true">
        {full ? 'Maximum of 5 photos added' : files.length > 0 ? 'Add More Photos' : 'Add Photos'}
      </label>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
