import './theme.css';

export { StepPage } from './StepPage';
export type { StepPageProps } from './StepPage';
export { FooterButton } from './FooterButton';
export type { FooterButtonProps } from './FooterButton';
export { ToastHost } from './ToastHost';
export { toast, useToast } from './toast';
export type { Toast, ToastState } from './toast';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { PdfLink } from './PdfLink';
export type { PdfLinkProps } from './PdfLink';
export * from './form';
export * from './uploader';
export * from './pickers';
