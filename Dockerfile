# Deployment image: one process serving the API, jobs, bot endpoint and the built front-ends.
# Point DATABASE_URL at PostgreSQL for anything beyond a demo; without it the embedded PGlite
# database lives in /data.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY locales/package.json locales/
COPY web/package.json web/
COPY tabs/package.json tabs/
COPY bot/package.json bot/
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace @chorus/web && npm run build --workspace @chorus/tabs

FROM node:24-bookworm-slim
ENV NODE_ENV=production CHORUS_DATA_DIR=/data HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --workspaces --include-workspace-root \
  && mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME /data
STOPSIGNAL SIGTERM
CMD ["node", "server/src/main.ts", "--role=all"]
