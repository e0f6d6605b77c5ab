#!/usr/bin/env bash
# Balcão installer: needs only Node + npm. Installs Bun (pinned) from the npm registry when missing
# or too old, installs the locked dependencies, builds the web app and creates data/. Idempotent.
set -euo pipefail

BUN_VERSION="1.4.5"
cd "$(dirname "${BASH_SOURCE[0]}")"

if [ -t 1 ]; then say() { printf '\033[1m==>\033[0m %s\n' "$*"; }; else say() { printf '==> %s\n' "$*"; }; fi

# "1.4.5" -> 0 when it is at least 1.4
bun_recent_enough() {
  local v major minor
  v="$(bun --version 2>/dev/null || true)"
  [ -n "$v" ] || return 1
  major="${v%%.*}"; minor="${v#*.}"; minor="${minor%%.*}"
  [ "$major" -gt 1 ] 2>/dev/null || { [ "$major" -eq 1 ] && [ "$minor" -ge 4 ]; } 2>/dev/null
}

install_bun() {
  command -v npm >/dev/null 2>&1 || { echo "npm is required to install Bun (install Node.js first)" >&2; exit 1; }
  say "installing Bun ${BUN_VERSION} from the npm registry"
  local prefix
  if npm install -g "bun@${BUN_VERSION}" --no-fund --no-audit; then
    # Put npm's bin first so an older bun elsewhere on PATH does not shadow the new one.
    prefix="$(npm prefix -g)"
    export PATH="${prefix}/bin:${PATH}"
  else
    # No write access to the global prefix: install under the user's home instead.
    prefix="${HOME:-/root}/.local"
    say "global npm install failed; installing into ${prefix}"
    npm install -g --prefix "$prefix" "bun@${BUN_VERSION}" --no-fund --no-audit
    export PATH="${prefix}/bin:${PATH}"
    echo "note: add ${prefix}/bin to your PATH to use bun in new shells"
  fi
  hash -r
  # npm versions that skip install scripts leave bun's placeholder binary: run its postinstall ourselves.
  if ! bun --version >/dev/null 2>&1; then
    local pkg="${prefix}/lib/node_modules/bun"
    if [ -f "${pkg}/install.js" ]; then (cd "$pkg" && node install.js) || true; fi
    hash -r
  fi
}

if command -v bun >/dev/null 2>&1 && bun_recent_enough; then
  say "bun $(bun --version) found"
else
  install_bun
  bun_recent_enough || { echo "bun ${BUN_VERSION} installation failed" >&2; exit 1; }
  say "bun $(bun --version) installed"
fi

say "installing dependencies (bun install --frozen-lockfile)"
bun install --frozen-lockfile

if [ -f scripts/build-web.ts ]; then
  say "building the web app (bun run build:web)"
  bun run build:web
else
  echo "warning: scripts/build-web.ts not found; skipping bun run build:web (the web app is not built yet)" >&2
fi

mkdir -p "${DATA_DIR:-data}"

say "done. Start Balcão with:"
echo
echo "    bun start"
echo
echo "  then open http://localhost:${PORT:-8080} (first boot prints the super admin password once"
echo "  and saves it in ${DATA_DIR:-data}/initial-admin.txt)"
