# syntax=docker/dockerfile:1
# Build stage: installs the pinned Bun from npm and compiles the one executable.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: the executable alone, as a non-root user, with a volume for its data.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/argentum --create-home argentum
COPY --from=build /src/dist/argentum /usr/local/bin/argentum
USER argentum
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
