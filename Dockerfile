# syntax=docker/dockerfile:1

# Node 24 (LTS, supported to April 2028), the exact release the tests and CI run on: scripts/test.js
# reads this tag and runs every test on the same version. Reasons: docs/decisions/014-docker-image-node-line.md.
FROM node:24.22.3-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# Everything needed to build. patches/ comes first: the project's postinstall applies it to
# node_modules (patch-package; npm runs the project's own install scripts, not its dependencies').
FROM base AS deps
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --include=dev --no-audit --no-fund

# Only what the server needs at run time. TypeScript stays after --omit=dev, as an optional peer
# of @remix-run/node: it is removed, and npm ls then checks that nothing needs it.
# The same postinstall patches this install. patch-package, a dev dependency, is not installed
# here: the deps stage's copy is mounted for this step only and put first on the PATH. One tool
# applies patches/ in both stages, and neither it nor its dependencies reach the image (as they
# would if it were a dependency).
FROM base AS prod-deps
COPY package.json package-lock.json ./
COPY patches ./patches
RUN --mount=type=bind,from=deps,source=/app/node_modules,target=/deps/node_modules \
  PATH="/deps/node_modules/.bin:$PATH" npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript \
  && npm ls --omit=dev > /dev/null \
  && npm cache clean --force

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
ENV PORT=3000 HOST=0.0.0.0
# Post images are made by sharp (its prebuilt libvips came with npm ci). Its docs advise jemalloc
# on glibc: the default allocator fragments under libvips' many small allocations in threads.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* \
  && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
# libuv's pool (4 threads) is shared by sharp, zlib and DNS: the app makes one image at a time,
# so three stay for pages. docs/decisions/017-post-images.md has the figures.
# jemalloc hands freed pages back after a second instead of ten (MALLOC_CONF): a refresh's and a
# first view's working memory does not stay in the instance's RSS.
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 UV_THREADPOOL_SIZE=4
ENV MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
# V8's heap: 8 MB semi-spaces (V8 sizes them from the machine's memory: 64 MB on a 24 GB host;
# the flag sets the sanitiser worker's too) and a ceiling above the blog's live heap at 2,000
# posts (about 100 MB). Figures in docs/decisions/008-blog-at-scale.md and docs/operations.md.
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=160"
# Owned by root and run as node: the server can read its code but never rewrite it.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
USER node
# 3000: the site; 9464: Prometheus metrics (METRICS_PORT), for the operators' network only.
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's command (no npm, no shell), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "build/server/index.js"]
