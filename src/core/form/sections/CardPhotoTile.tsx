/**
 * A card-photo field: one big tile for one side of a card (CardUploader: camera or photo picker, compressed and
 * uploaded as every photo), wired through its Binding (`data-name` = the validator's field, so a Next with the
 * photo missing scrolls to and focuses it). With an `ocr` (useCardOcr) the uploaded photo is read at once: the
 * tile shows "recognising…" while it reads and the read's failure with "take again"; otherwise the field's own
 * error (a missing photo once Next was tapped, the service's verdict).
 */
import type { ReactNode } from 'react';
import type { FileCategory } from '../../api/upload';
import type { FileRefData } from '../../domain/uploads';
import { CardUploader } from '../../ui/uploader/CardUploader';
import type { CardKind } from '../../ui/uploader/CardArt';
import type { Binding } from '../use-rule-form';
import type { CardOcr } from './use-card-ocr';

export interface CardPhotoTileProps {
  /** the photo: set when uploaded (then read, with an ocr), null when removed */
  field: Binding<FileRefData | null>;
  label: ReactNode;
  kind: CardKind;
  category: FileCategory;
  /** reads the photo once uploaded */
  ocr?: CardOcr;
  /** the photo can be removed (the remove button) */
  clearable?: boolean;
  /** replaces the caption under the drawing */
  caption?: ReactNode;
  readOnly?: boolean;
}

export function CardPhotoTile({ field, label, kind, category, ocr, clearable, caption, readOnly }: CardPhotoTileProps) {
  return (
    <CardUploader
      name={field.name}
      label={label}
      value={field.value}
      category={category}
      kind={kind}
      caption={caption}
      readOnly={readOnly}
      busy={ocr?.busy}
      error={ocr?.error ?? field.error}
      onUploaded={(ref) => {
        field.onChange(ref);
        return ocr?.take(ref);
      }}
      onClear={clearable ? () => field.onChange(null) : undefined}
    />
  );
}
