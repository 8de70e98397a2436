# syntax=docker/dockerfile:1
# The service's image: one image for the web process (the default command), the job worker and the migrations
# (other commands, see deploy/compose.yaml and deploy/k8s/). Build: `docker build -t esop .` on a machine that reaches
# Docker Hub, or `scripts/image-build.sh` (buildah, with a Node 24 base made from Debian packages, no registry needed).
# Check what is inside: `npx tsx scripts/image-check.ts`.
#
# NODE_IMAGE: Node 24 on Debian bookworm with npm (node:24-bookworm-slim, or the base scripts/image-build.sh makes).
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

# ---- build: every dependency (dev ones too), the pages and the compiled service ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# build_ca (optional, a build secret: never in a layer): extra certificate authorities for npm, where the build goes
# through a TLS-inspecting proxy (scripts/image-build.sh passes the host's NODE_EXTRA_CA_CERTS)
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- run: Node 24, the production dependencies only, Debian's ffmpeg and the CJK font ----
FROM ${NODE_IMAGE} AS run
# tini: PID 1, passes SIGTERM to node and reaps the face engines' and ffmpeg's children
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg fonts-wqy-microhei tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb \
 && groupadd --system --gid 10001 esop \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin esop \
 && mkdir -p /var/lib/esop && chown 10001:10001 /var/lib/esop && chmod 0700 /var/lib/esop
WORKDIR /srv/app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && npm ci --omit=dev --no-audit --no-fund
# the checkout the service reads at run time (migrations, seeds, locales, static files, country names) and the build;
# owned by root: the service cannot change its own code
COPY . .
COPY --from=build /src/dist ./dist
# no secrets here: they come at run time as files (*_FILE settings, mounted secrets); DATA_DIR is the only writable place
# (ffmpeg: Debian's, first on PATH; FFMPEG_PATH unset)
ENV NODE_ENV=production \
    DATA_DIR=/var/lib/esop \
    PORT=8080
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
