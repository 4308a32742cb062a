/**
 * The file storage moved to src/common/storage/ (issue 17: a disk and an S3 driver). These names stay
 * importable from here for the modules written against them.
 */
export { FILE_STORAGE, type FileStorage, type ObjectStorage } from '../storage/object-storage.js';
export { DiskObjectStorage as DiskFileStorage } from '../storage/disk-storage.js';
