#!/usr/bin/env bash
# The secrets deploy/compose.yaml mounts, made once into deploy/secrets/ (git ignores it): the database's password and
# URL, the request cipher's key pair, the app token, signing and ops secrets, MinIO's root user and the service's own
# S3 key pair (an AWS shared-credentials file). Files are 0644 in a 0700 folder: only this user reaches them on the
# host, and the service's user (uid 10001) can read them inside its container. Existing files are kept
# (--force makes all of them again: the database's password then no longer matches an existing volume).
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)/secrets"
force=false
[ "${1:-}" = --force ] && force=true
mkdir -p "$dir"
chmod 0700 "$dir"
umask 022
random() { openssl rand -base64 48 | tr -d '/+=\n' | cut -c1-"$1"; }
write() { # name content
  if $force || [ ! -s "$dir/$1" ]; then printf '%s\n' "$2" >"$dir/$1"; chmod 0644 "$dir/$1"; echo "made secrets/$1"; fi
}
if $force || [ ! -s "$dir/postgres_password" ]; then write postgres_password "$(random 40)"; fi
write database_url "postgres://esop:$(head -1 "$dir/postgres_password")@postgres:5432/esop"
if $force || [ ! -s "$dir/cipher_private_key.pem" ]; then
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$dir/cipher_private_key.pem" 2>/dev/null
  openssl pkey -in "$dir/cipher_private_key.pem" -pubout -out "$dir/cipher_public_key.pem"
  chmod 0644 "$dir/cipher_private_key.pem" "$dir/cipher_public_key.pem"
  echo "made secrets/cipher_private_key.pem, cipher_public_key.pem"
fi
write app_token_secret "$(random 48)"
write signing_secret "$(random 48)"
write ops_token "$(random 48)"
write minio_root_user "root-$(random 12)"
write minio_root_password "$(random 40)"
write s3_credentials "[default]
aws_access_key_id = esop-$(random 16)
aws_secret_access_key = $(random 40)"
