# Production image: the whole product (API, public site, staff console) on one port.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY admin-ui/package.json admin-ui/
COPY public-site/package.json public-site/
RUN npm ci --strict-allow-scripts
COPY . .
ARG PUBLIC_BASE_URL=http://localhost:3000
ENV PUBLIC_BASE_URL=${PUBLIC_BASE_URL}
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/src/main.js"]
