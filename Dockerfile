# Kita Notbetreuung: multi-stage build (docs/operations.md).
#   docker build -t kita-notbetreuung .
#   docker run --env-file kita.env -p 3000:3000 kita-notbetreuung                 # app
#   docker run --env-file kita.env kita-notbetreuung node apps/server/dist/worker.js  # worker
# One HEALTHCHECK for both: apps/server/dist/healthcheck.js checks the app's /api/health/live, or,
# when the container runs worker.js, the worker's own /health on WORKER_HEALTH_PORT (3002).
# The runtime image holds the compiled server, the web build and production dependencies only,
# runs as an unprivileged user and writes nothing into /app (works with a read-only root file
# system; the embedded database, if used at all, lives in the DATA_DIR volume).

# --- build: every dependency, then `npm run build` (web app + compiled server) ------------------
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts scripts
RUN npm run build

# --- production dependencies of the server workspace only ---------------------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @kita/server --no-audit --no-fund && npm cache clean --force

# --- runtime -------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    WORKER_HEALTH_PORT=3002 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app ./
COPY --from=build --chown=root:root /src/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /src/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "apps/server/dist/healthcheck.js"]
CMD ["node", "apps/server/dist/main.js"]
