#!/bin/sh
# Install Debian's MediaWiki and the PHP bits the test wiki needs, only if
# something is missing. Idempotent, non-interactive, quiet unless it fails.
# Run as root (or via sudo) on Debian 12.
set -eu

# python3-requests and python3-mwclient: the exported programs of test/wikiRuns/codeExport.test.ts.
# php-gd: the test wiki's uploaded files are drawn with GD, and their thumbnails made by it (test/wiki/wikiFiles.ts).
PKGS="mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml php-apcu php-gd python3-requests python3-mwclient"

missing=""
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ] && [ -f /var/lib/mediawiki/api.php ] && command -v php >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "install.sh: must run as root to install:$missing" >&2; exit 1
  fi
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -q && \
       $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PKGS; } \
     </dev/null >"$log" 2>&1; then
  cat "$log" >&2
  echo "install.sh: installing$missing failed" >&2
  exit 1
fi

if [ ! -f /var/lib/mediawiki/api.php ]; then
  echo "install.sh: /var/lib/mediawiki/api.php missing after install" >&2
  exit 1
fi
