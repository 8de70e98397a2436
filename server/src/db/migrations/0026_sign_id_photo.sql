-- Organisation signing (issue 14): the signer's ID card photo on the verify step. The organisation records which
-- identity document its signer holds (cnId: a mainland card, read by the OCR; other: kept for staff to check), the
-- ticket the accepted photo and when its number was read as the signer's; the files take the kind idPhoto.
ALTER TABLE organisations ADD COLUMN signer_id_kind text NOT NULL DEFAULT 'other' CHECK (signer_id_kind IN ('cnId', 'other'));

ALTER TABLE sign_files DROP CONSTRAINT sign_files_kind_check;
ALTER TABLE sign_files ADD CONSTRAINT sign_files_kind_check CHECK (kind IN ('organizationChart', 'openingForm', 'upload', 'signed', 'idPhoto'));

ALTER TABLE sign_tickets ADD COLUMN id_photo_file_id text NULL REFERENCES sign_files (id);
ALTER TABLE sign_tickets ADD COLUMN id_photo_read_at timestamptz NULL;
