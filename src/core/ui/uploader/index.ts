export { FileUploader } from './FileUploader';
export type { FileUploaderProps } from './FileUploader';
export { CardUploader } from './CardUploader';
export type { CardUploaderProps } from './CardUploader';
export type { CardKind } from './CardArt';
export { useUploads, uploadErrorText, FILE_TOO_LARGE } from './use-uploads';
export type { UploadItem } from './use-uploads';
