#!/usr/bin/env bash
# Runs a command under the project's pinned Node LTS (.node-version). The system Node may be
# older than the project supports, so on first use the official binary is fetched from the npm
# registry (the platform package the registry's `node` package installs) into .tools/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(tr -d '[:space:]' < "$root/.node-version")"
dir="$root/.tools/node-v$version"

if [ ! -x "$dir/bin/node" ]; then
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "Unsupported OS $(uname -s): install Node $version yourself." >&2; exit 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "Unsupported CPU $(uname -m): install Node $version yourself." >&2; exit 1 ;;
  esac
  echo "Fetching Node $version ($os-$arch) from the npm registry into .tools/ ..." >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-$os-$arch@$version" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp"/node-*.tgz -C "$tmp/unpacked"
  mkdir -p "$root/.tools"
  rm -rf "$dir"
  mv "$tmp/unpacked/package" "$dir"
  "$dir/bin/node" --version >/dev/null
fi

export PATH="$dir/bin:$PATH"
# Native addons, if any ever compile, must use this Node's headers, not the system's.
export npm_config_nodedir="$dir"
exec "$@"
