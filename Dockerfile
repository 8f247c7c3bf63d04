# syntax=docker/dockerfile:1
# Build stage: installs the pinned Bun from npm and compiles the one executable.
FROM node:20-bookworm-slim AS build
WORKDIR /src
# The lock file alone first, so the npm layer is reused until dependencies change.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# .dockerignore keeps the host's node_modules, dist, data and .git out of this copy; the build
# embeds src/, assets/ and migrations/.
COPY . .
RUN npm run build

# Runtime stage: the executable alone, as a non-root user, with a volume for its data.
FROM debian:bookworm-slim
# The data folder is made here, owned by the runtime user, before VOLUME below: Docker gives a
# new named or anonymous volume the owner of the image's folder, and the server write-checks it
# at start (with DATABASE_URL too), so a root-owned folder would stop it with EACCES. Mode 0755
# lets `docker run --user` with another uid enter the WORKDIR (its data then is a host folder).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 argentum \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/argentum --no-create-home --shell /usr/sbin/nologin argentum \
 && install -d -o 10001 -g 10001 -m 0755 /var/lib/argentum /var/lib/argentum/data
COPY --from=build /src/dist/argentum /usr/local/bin/argentum
# Numeric, so Kubernetes' runAsNonRoot can tell it is not root without reading /etc/passwd.
USER 10001:10001
WORKDIR /var/lib/argentum
ENV AO_DATA_DIR=/var/lib/argentum/data \
    AO_HOST=0.0.0.0 \
    AO_TCP_PORT=7667 \
    AO_HTTP_PORT=8080
VOLUME ["/var/lib/argentum/data"]
# 7667: the stock AO20 client (TCP); 8080: HTTP, WebSocket, health and metrics.
EXPOSE 7667 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${AO_HTTP_PORT}/health" || exit 1
# Set DATABASE_URL to use Postgres; without it the embedded database lives in the volume.
ENTRYPOINT ["/usr/local/bin/argentum"]
CMD ["serve"]
