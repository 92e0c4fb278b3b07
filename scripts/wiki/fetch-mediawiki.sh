#!/bin/sh
# fetch-mediawiki.sh RELEASE DEST
#
# Unpack a MediaWiki release other than the machine's own into DEST, without
# installing anything: Debian's `mediawiki` and `mediawiki-classes` packages
# of a newer Debian release are fetched with `apt-get download` and unpacked
# with `dpkg -x`. apt runs with a private sources list, lists and cache (next
# to DEST), so the machine's apt sources, package state and PHP stay as they
# are. The archive's address is read from the machine's own Debian sources
# (the stanza or line that serves bookworm), so it works behind any mirror.
#
# Idempotent: exits at once when DEST already holds the release.
# Needs: apt-get, dpkg (any user; no root needed).
set -eu

release=${1:?usage: fetch-mediawiki.sh RELEASE DEST}
dest=${2:?usage: fetch-mediawiki.sh RELEASE DEST}
case "$dest" in /*) ;; *) dest="$PWD/$dest" ;; esac
case "$release" in
  1.43) suite=trixie ;;
  *) echo "fetch-mediawiki.sh: no package source known for MediaWiki $release" >&2; exit 2 ;;
esac

if [ -f "$dest/.unpacked" ] && [ -f "$dest/usr/share/mediawiki/api.php" ]; then
  exit 0
fi

# The Debian archive's URI and keyring: first from deb822 .sources files,
# then from one-line .list files. Only a source that carries bookworm counts
# (the security archive has a suite of its own, bookworm-security).
find_source() {
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush() { if (uri != "" && has) { print uri " " key; found = 1; exit } uri = ""; key = ""; has = 0 }
      /^[[:space:]]*$/ { flush(); next }
      /^[[:space:]]*#/ { next }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "signed-by:" { key = $2 }
      tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == "bookworm") has = 1 }
      END { if (!found) flush() }
    ' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '
      $1 != "deb" { next }
      {
        key = ""; i = 2
        if ($2 ~ /^\[/) {
          for (; i <= NF; i++) {
            if ($i ~ /^\[?signed-by=/) { key = $i; sub(/^\[?signed-by=/, "", key); sub(/\]$/, "", key) }
            if ($i ~ /\]$/) { i++; break }
          }
        }
        if ($(i + 1) == "bookworm") { print $i " " key; exit }
      }
    ' "$f"
  done
}
line=$(find_source | head -n 1)
uri=${line%% *}
key=${line#* }
if [ -z "$uri" ]; then
  echo "fetch-mediawiki.sh: no Debian bookworm source in /etc/apt to take the archive's address from" >&2
  exit 1
fi
[ -n "$key" ] && [ "$key" != "$uri" ] || key=/usr/share/keyrings/debian-archive-keyring.gpg

work="$dest.apt"
rm -rf "$work"
mkdir -p "$work/etc/sources.list.d" "$work/etc/preferences.d" "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
printf 'deb [signed-by=%s] %s %s main\n' "$key" "$uri" "$suite" >"$work/etc/sources.list"

set -- \
  -o "Dir::Etc::SourceList=$work/etc/sources.list" \
  -o "Dir::Etc::SourceParts=$work/etc/sources.list.d" \
  -o "Dir::Etc::Preferences=$work/etc/preferences" \
  -o "Dir::Etc::PreferencesParts=$work/etc/preferences.d" \
  -o "Dir::State::Lists=$work/lists" \
  -o "Dir::Cache=$work/cache" \
  -o "APT::Sandbox::User=$(id -un)" \
  -o "Acquire::Languages=none" \
  -q

log="$work/apt.log"
if ! apt-get "$@" update >"$log" 2>&1; then
  cat "$log" >&2
  echo "fetch-mediawiki.sh: apt-get update of $suite failed" >&2
  exit 1
fi
if ! (cd "$work/debs" && apt-get "$@" download mediawiki mediawiki-classes) >>"$log" 2>&1; then
  cat "$log" >&2
  echo "fetch-mediawiki.sh: apt-get download of mediawiki $suite failed" >&2
  exit 1
fi

tmp="$dest.tmp-$$"
rm -rf "$tmp"
mkdir -p "$tmp"
for deb in "$work"/debs/*.deb; do
  dpkg -x "$deb" "$tmp"
done

# The packages link their parts with absolute paths (/usr/share/mediawiki,
# /var/lib/mediawiki, /etc/mediawiki): point those links into this folder so
# nothing of the machine's own MediaWiki is used (they name DEST, where the
# folder is about to be moved).
find "$tmp" -type l | while IFS= read -r l; do
  t=$(readlink "$l")
  case "$t" in
    /usr/share/mediawiki*|/var/lib/mediawiki*|/etc/mediawiki*) ln -sfn "$dest$t" "$l" ;;
  esac
done
[ -f "$tmp/usr/share/mediawiki/api.php" ] || { echo "fetch-mediawiki.sh: api.php missing after unpacking" >&2; exit 1; }

ls "$work"/debs >"$tmp/.unpacked"
rm -rf "$dest"
mv "$tmp" "$dest"
rm -rf "$work"
