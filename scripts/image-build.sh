#!/usr/bin/env bash
# Builds the service's image (Dockerfile) with buildah where no registry image is reachable: the Node 24 base is
# made here from Debian's packages (debootstrap bookworm, minbase) with this machine's Node 24 binary and npm, then
# the Dockerfile builds on it (its NODE_IMAGE argument). On a machine that reaches Docker Hub, `docker build .` (or
# `buildah bud .`) uses node:24-bookworm-slim instead and needs none of this.
#
#   scripts/image-build.sh                  # base (once, reused), then the image; prints how long each took
#   IMAGE_TAG=localhost/esop:1.2 scripts/image-build.sh
#   scripts/image-build.sh --rebuild-base   # the base again (a new Node 24 or Debian point release)
#
# Needs root (or a user namespace), buildah and debootstrap (apt-get install buildah debootstrap). Builds with
# chroot isolation (no container runtime needed for the RUN steps). Then: npx tsx scripts/image-check.ts
# Settings: IMAGE_TAG (localhost/esop:dev), BASE_IMAGE (localhost/esop-node-base:24-bookworm), DEBIAN_MIRROR,
# NODE_BIN (the node to put in the base: default the one on PATH, which must be 24), BUILDAH_ROOT (another storage),
# NODE_EXTRA_CA_CERTS (extra certificate authorities npm needs during the build: passed as a build secret).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE_TAG=${IMAGE_TAG:-localhost/esop:dev}
BASE_IMAGE=${BASE_IMAGE:-localhost/esop-node-base:24-bookworm}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_BIN=${NODE_BIN:-$(readlink -f "$(command -v node)")}
NPM_DIR=${NPM_DIR:-$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")}
buildah=(buildah)
[ -n "${BUILDAH_ROOT:-}" ] && buildah+=(--root "$BUILDAH_ROOT/storage" --runroot "$BUILDAH_ROOT/run")
rebuild_base=false
for arg in "$@"; do
  case "$arg" in
    --rebuild-base) rebuild_base=true ;;
    *) echo "image-build: unknown argument $arg" >&2; exit 2 ;;
  esac
done

for tool in buildah debootstrap; do
  command -v "$tool" >/dev/null || { echo "image-build: $tool is missing (apt-get install -y buildah debootstrap)" >&2; exit 2; }
done
node_major=$("$NODE_BIN" -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 24 ] || { echo "image-build: $NODE_BIN is Node $node_major; the image runs Node 24 (set NODE_BIN)" >&2; exit 2; }
[ -f "$NPM_DIR/bin/npm-cli.js" ] || { echo "image-build: no npm in $NPM_DIR (set NPM_DIR)" >&2; exit 2; }

seconds() { date +%s; }
t0=$(seconds)

# ---- the base: Debian bookworm (minbase) + Node 24 + npm, laid out as the official node image ----
if $rebuild_base || ! "${buildah[@]}" inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  work=$(mktemp -d /tmp/image-base.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  echo "image-build: debootstrap bookworm (minbase) from $DEBIAN_MIRROR"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rootfs=$work/rootfs
  cat >"$rootfs/etc/apt/sources.list" <<SOURCES
deb $DEBIAN_MIRROR bookworm main
deb $DEBIAN_MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log
  install -D -m 0755 "$NODE_BIN" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # no device nodes, no kernel file systems: the runtime provides them
  tar -C "$rootfs" --numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf "$work/base.tar" .
  ctr=$("${buildah[@]}" from scratch)
  "${buildah[@]}" add "$ctr" "$work/base.tar" / >/dev/null
  "${buildah[@]}" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$("$NODE_BIN" --version | tr -d v)" --cmd node \
    --label org.opencontainers.image.description="Debian bookworm (debootstrap minbase) with Node $("$NODE_BIN" --version)" "$ctr"
  "${buildah[@]}" commit --rm "$ctr" "$BASE_IMAGE" >/dev/null
  rm -rf "$work"
  trap - EXIT
  echo "image-build: base $BASE_IMAGE made in $(( $(seconds) - t0 )) s"
else
  echo "image-build: base $BASE_IMAGE already there (--rebuild-base to make it again)"
fi

# ---- the image: the Dockerfile on that base ----
t1=$(seconds)
build=(bud --isolation chroot --layers --build-arg NODE_IMAGE="$BASE_IMAGE" -t "$IMAGE_TAG" -f Dockerfile)
# a TLS-inspecting proxy's certificate authorities (NODE_EXTRA_CA_CERTS here) reach npm as a build secret, in no layer
[ -s "${NODE_EXTRA_CA_CERTS:-}" ] && build+=(--secret "id=build_ca,src=$NODE_EXTRA_CA_CERTS")
"${buildah[@]}" "${build[@]}" .
t2=$(seconds)
echo "image-build: $IMAGE_TAG built in $(( t2 - t1 )) s (base included: $(( t2 - t0 )) s)"
"${buildah[@]}" images --format '{{.Name}}:{{.Tag}} {{.Size}}' "$IMAGE_TAG"
