#!/usr/bin/env bash
# Prints the path of a Node.js 24 LTS binary, the Node a deployment runs (README): the `node` on PATH when it is
# 24, otherwise the registry's node-linux-<arch> package, unpacked once into NODE_24_DIR (default: a cache
# folder of the user's). For CI's second pass of the API suites and for the bench's store.
set -euo pipefail
if [ "$(node --version 2>/dev/null | cut -d. -f1)" = "v24" ]; then
  command -v node
  exit 0
fi
if [ "$(uname -s)" != Linux ]; then
  echo "Node 24 is not on PATH, and only Linux's is unpacked from the registry here: install Node 24." >&2
  exit 1
fi
dir="${NODE_24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rangoli-store/node-24}"
if [ ! -x "$dir/package/bin/node" ]; then
  case "$(uname -m)" in aarch64 | arm64) arch=arm64 ;; *) arch=x64 ;; esac
  mkdir -p "$dir"
  (cd "$dir" && rm -rf package ./*.tgz && npm pack --silent "node-linux-$arch@24" >/dev/null && tar xzf node-linux-*.tgz && rm -f ./*.tgz) >&2
fi
echo "$dir/package/bin/node"
