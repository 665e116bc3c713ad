# syntax=docker/dockerfile:1
# One image for the API and the worker (the command picks which), plus two small images for the development stack:
# the Firebase Auth emulator and the Razorpay sandbox. Build: docker compose build (or docker build --target app .).

# ---- build: install everything, build the apps and both front ends, then drop the dev dependencies ----
FROM node:24-slim AS build
WORKDIR /app
# The browser's Firebase client configuration is public and baked into the front ends at build time.
ARG VITE_FIREBASE_API_KEY=demo-key
ARG VITE_FIREBASE_PROJECT_ID=demo-mandi
ARG VITE_FIREBASE_AUTH_DOMAIN=
ARG VITE_FIREBASE_APP_ID=
ARG VITE_FIREBASE_AUTH_EMULATOR_URL=
# Empty: Razorpay's own checkout script. The development stack points it at the sandbox's.
ARG VITE_RAZORPAY_CHECKOUT_URL=
ENV VITE_FIREBASE_API_KEY=$VITE_FIREBASE_API_KEY \
    VITE_FIREBASE_PROJECT_ID=$VITE_FIREBASE_PROJECT_ID \
    VITE_FIREBASE_AUTH_DOMAIN=$VITE_FIREBASE_AUTH_DOMAIN \
    VITE_FIREBASE_APP_ID=$VITE_FIREBASE_APP_ID \
    VITE_FIREBASE_AUTH_EMULATOR_URL=$VITE_FIREBASE_AUTH_EMULATOR_URL \
    VITE_RAZORPAY_CHECKOUT_URL=$VITE_RAZORPAY_CHECKOUT_URL
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- app: the runtime of the API (default command) and the worker ----
FROM node:24-slim AS app
# Chromium renders the invoice PDFs in the worker; Noto fonts carry Hindi and the rupee sign.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# Production: the apps refuse to start without real secrets (docs/development.md, "Production settings").
ENV NODE_ENV=production \
    PORT=3000 \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
# node_modules links the workspace libs (@mandi/*) to libs/, so libs come along with their dist.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/worker/dist ./apps/worker/dist
# The mail templates, read at run time from beside dist (apps/worker/src/mail/mail.module.ts).
COPY --from=build /app/apps/worker/templates ./apps/worker/templates
COPY --from=build /app/storefront/dist ./storefront/dist
# The home page's server renderer (storefront/src/entry-server.tsx), run by the API.
COPY --from=build /app/storefront/dist-server ./storefront/dist-server
COPY --from=build /app/admin-ui/dist ./admin-ui/dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts/db ./scripts/db
RUN mkdir -p var/files && chown -R node:node var
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]

# ---- auth-emulator: the Firebase Auth emulator, for the development stack (docker-compose.dev.yml) only: it accepts
# unsigned tokens, and the API and worker refuse to start in production with FIREBASE_AUTH_EMULATOR_HOST set ----
FROM node:24-slim AS auth-emulator
WORKDIR /firebase
COPY tools/firebase/package.json tools/firebase/package-lock.json ./
RUN npm ci --omit=optional --no-audit --no-fund
COPY tools/firebase/firebase.json ./
# Inside a container the emulator must listen on every interface, not only on loopback. /firebase/state is where the
# development stack mounts a named volume (owned by node, so the volume Docker creates there is too).
RUN sed -i 's/127\.0\.0\.1/0.0.0.0/g' firebase.json && mkdir -p state && chown -R node:node /firebase
USER node
EXPOSE 9099
# The accounts survive a restart as with `npm start` (scripts/lib/emulator.mjs): imported at start (skipped while the
# folder does not exist yet) and exported when the emulator stops on SIGTERM, which compose sends on stop and down.
# A folder inside the volume, not the volume itself: the export deletes the folder and moves a new one into place,
# which a mount point refuses.
CMD ["node_modules/.bin/firebase", "emulators:start", "--only", "auth", "--project", "demo-mandi", \
     "--import", "/firebase/state/accounts", "--export-on-exit", "/firebase/state/accounts"]

# ---- razorpay-sandbox: our stand-in for Razorpay (docs/razorpay-sandbox.md), for the development stack only: its keys
# are public and its control API pays any order. Plain Node, no dependencies; it reads its public test keys from
# libs/config/src/development-values.js, whose package.json says it is an ES module ----
FROM node:24-slim AS razorpay-sandbox
WORKDIR /sandbox
COPY libs/config/package.json libs/config/
COPY libs/config/src/development-values.js libs/config/src/
COPY tools/razorpay-sandbox tools/razorpay-sandbox
USER node
# Every interface, so the API, the worker and the browser (through the published port) reach it.
ENV RAZORPAY_SANDBOX_HOST=0.0.0.0 \
    RAZORPAY_SANDBOX_PORT=9300
EXPOSE 9300
CMD ["node", "tools/razorpay-sandbox/main.mjs"]
