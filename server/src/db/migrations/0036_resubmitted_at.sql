-- Issue 37: the applicant's status page acknowledges a corrected resubmission ("your corrections were received on …")
-- from the service's data. The time of the latest resubmission; earlier ones are read from the events.
ALTER TABLE applications ADD COLUMN resubmitted_at timestamptz NULL;
UPDATE applications a SET resubmitted_at = (SELECT max(e.at) FROM application_events e WHERE e.app_id = a.app_id AND e.kind = 'resubmit');
