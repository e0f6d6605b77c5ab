# syntax=docker/dockerfile:1
# Balcão: build the single binary (SPA + migrations embedded), run it on debian-slim as a non-root
# user with /app/data as the only state. The run stage uses the same binary that
# `bun run build:binary --verify` checks (start, login, /healthz, /readyz, backup, verify, restore,
# doctor); this machine has no Docker daemon, so the image itself is built and run by operators.
#   docker build -t balcao .
#   docker run -d -p 8080:8080 -v balcao:/app/data --name balcao balcao

# ---- build ------------------------------------------------------------------------------------
FROM node:22-bookworm-slim AS build
ARG BUN_VERSION=1.4.5
# Bun comes from the npm registry (the oven/bun images are not used).
RUN npm install -g "bun@${BUN_VERSION}" --no-fund --no-audit && bun --version
WORKDIR /src
# Dependencies first (cached layer); patches/ holds bun's patchedDependencies, needed by the install.
COPY package.json bun.lock bunfig.toml ./
COPY patches ./patches
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build:binary

# ---- run --------------------------------------------------------------------------------------
# The server runs as balcao, uid 10001 / gid 10001 (README, Docker): a host folder mounted as
# /app/data must belong to it (sudo chown -R 10001:10001 <folder>); the first boot says so otherwise.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 balcao \
 && useradd --system --uid 10001 --gid balcao --home-dir /app --shell /usr/sbin/nologin balcao \
 && mkdir -p /app/data \
 && chown -R balcao:balcao /app \
 && chmod 700 /app/data
COPY --from=build /src/dist/balcao /usr/local/bin/balcao
WORKDIR /app
USER balcao
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    PORT=8080 \
    HOST=0.0.0.0 \
    TZ=America/Sao_Paulo
VOLUME /app/data
EXPOSE 8080
# Liveness: /healthz through the binary itself (no curl in the image). Readiness (/readyz) is for
# orchestrators that route traffic; it fails while the data disk is low.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["balcao", "healthcheck"]
# SIGTERM stops cleanly: connections keep their state and resume at the next start.
STOPSIGNAL SIGTERM
# `docker exec <container> balcao backup` / `balcao doctor` / `balcao reset-password <email>` run operator
# commands; a restore runs with the server stopped: `docker run --rm -v balcao:/app/data balcao restore <archive>`
# (refused while a server holds the volume: data/instance.lock is a kernel lock, also across containers).
ENTRYPOINT ["balcao"]
