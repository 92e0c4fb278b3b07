#!/usr/bin/env bash
# Installs code-server (VS Code 1.100 served to a browser) into
# .vscode-test/code-server/ so the extension's integration tests can run inside
# a real VS Code with no VS Code download (see test/vscode/README.md).
#
# Idempotent: a second run only checks and returns. Quiet on success; on a
# failure it prints the failing step's log. Works as root, with CI=true and no
# standard input. Needs the npm registry and Debian's package archive.
#
# Environment: CODE_SERVER_VERSION (default 4.100.3, the last line whose
# engines.node allows Node 20), MWQ_CODE_SERVER_DIR (default
# <repo>/.vscode-test/code-server).
set -euo pipefail

VERSION="${CODE_SERVER_VERSION:-4.100.3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${MWQ_CODE_SERVER_DIR:-$ROOT/.vscode-test/code-server}"
CS="$DIR/node_modules/code-server"
VSC="$CS/lib/vscode"
STAMP="$DIR/.installed-$VERSION"
LOG="$DIR/install.log"

export CI="${CI:-true}" npm_config_yes=true npm_config_fund=false npm_config_audit=false \
  npm_config_update_notifier=false npm_config_loglevel=error npm_config_progress=false
export DEBIAN_FRONTEND=noninteractive
# code-server writes a default config.yaml on every start: keep it out of ~.
export XDG_CONFIG_HOME="$DIR/.xdg-config"

mkdir -p "$DIR"
: >"$LOG"

# Runs a step, its output into the log; on failure prints the log and stops.
step() {
  local name="$1"; shift
  echo "== $name: $*" >>"$LOG"
  if ! "$@" </dev/null >>"$LOG" 2>&1; then
    echo "install-code-server: step failed: $name" >&2
    tail -n 60 "$LOG" >&2
    exit 1
  fi
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }

# 1. Debian packages.
missing=()
for pkg in libkrb5-dev ripgrep chromium; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  step "apt-get update" as_root apt-get -o DPkg::Lock::Timeout=900 update -qq
  step "apt-get install ${missing[*]}" as_root apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${missing[@]}"
fi

# Already installed and still runnable: done.
if [ -f "$STAMP" ] && [ -e "$VSC/node_modules.asar" ] \
  && node "$CS/out/node/entry.js" --version </dev/null >/dev/null 2>&1; then
  exit 0
fi

# 2. code-server itself, as its own npm project (never the repo's package.json).
if [ ! -f "$DIR/package.json" ]; then
  printf '{\n  "name": "mwquery-code-server",\n  "private": true,\n  "description": "code-server for the integration tests; installed by scripts/vscode/install-code-server.sh"\n}\n' >"$DIR/package.json"
fi
installed_version="$(node -p "try{require('$CS/package.json').version}catch{''}" 2>/dev/null || true)"
if [ "$installed_version" != "$VERSION" ]; then
  # Its postinstall downloads ripgrep from the internet: skip scripts, do its
  # steps by hand below.
  ( cd "$DIR" && step "npm install code-server@$VERSION" \
      env npm_config_unsafe_perm=true npm install --ignore-scripts --save-exact "code-server@$VERSION" )
fi

# 3. VS Code's own dependencies and native modules.
( cd "$VSC" && step "npm install (lib/vscode)" npm install --omit=dev --ignore-scripts )
( cd "$VSC" && step "npm rebuild (lib/vscode natives)" \
    npm rebuild @parcel/watcher @vscode/spdlog kerberos native-watchdog node-pty @vscode/deviceid )
mkdir -p "$VSC/node_modules/@vscode/ripgrep/bin"
cp -f "$(command -v rg)" "$VSC/node_modules/@vscode/ripgrep/bin/rg"
chmod +x "$VSC/node_modules/@vscode/ripgrep/bin/rg"
[ -e "$VSC/node_modules.asar" ] || ln -s node_modules "$VSC/node_modules.asar"

# 4. argon2 (password hashing; loaded even with --auth none).
( cd "$DIR" && step "npm rebuild argon2" npm rebuild argon2 )

# Check.
step "code-server --version" node "$CS/out/node/entry.js" --version
grep -q "$VERSION" "$LOG" || { echo "install-code-server: unexpected version" >&2; tail -n 5 "$LOG" >&2; exit 1; }
touch "$STAMP"
