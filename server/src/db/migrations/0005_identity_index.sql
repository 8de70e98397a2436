-- Identity documents of active applications (issue 3): the duplicate-identity check of the identity steps
-- (150204) looks a document number up in the saved step data of every other user's active application.
-- One expression index per place a document number is saved, upper-cased as the check compares.

CREATE INDEX applications_idcard_number_idx ON applications ((upper(data #>> '{IDCARD,idNumber}'))) WHERE archived_at IS NULL;
CREATE INDEX applications_hk_idcard_number_idx ON applications ((upper(data #>> '{HK_IDCARD,idNumber}'))) WHERE archived_at IS NULL;
CREATE INDEX applications_hk_permanent_number_idx ON applications ((upper(data #>> '{HK_IDCARD,idExtraInfo,permanent,idNumber}'))) WHERE archived_at IS NULL;
CREATE INDEX applications_statement_hk_number_idx ON applications ((upper(data #>> '{STATEMENT,idExtraInfo,idcardHK,idNumber}'))) WHERE archived_at IS NULL;
