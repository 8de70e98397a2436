-- The local signing certificate authority's root (issue 24): one row that every service process reads, so all of
-- them certify signers under the same root. Its private key is kept sealed (AES-256-GCM under a key derived from
-- SIGNING_SECRET, bound to the certificate); created once at the first start (INSERT ... ON CONFLICT DO NOTHING, then
-- read back), or imported from DATA_DIR/keys where an earlier version made it. Unused when CA_KEY_FILE and
-- CA_CERT_FILE name the root, or with CA_VENDOR=http.
CREATE TABLE signing_ca (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- the root certificate (DER)
  certificate bytea NOT NULL,
  -- PKCS#8 DER of its private key, sealed: 12-byte IV, ciphertext, 16-byte tag
  key_sealed bytea NOT NULL,
  -- made here, or imported from an earlier version's DATA_DIR/keys
  origin text NOT NULL CHECK (origin IN ('created', 'imported')),
  created_at timestamptz NOT NULL DEFAULT now()
);
