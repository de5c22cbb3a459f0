/** The upload field moved to components/ (shared UI used by several features); kept here so existing imports work. */
export { ImageUploadField, type ImageUploadFieldProps } from '../../../components/image-upload-field';
