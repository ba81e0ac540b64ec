#!/usr/bin/env bash
# Puts Node 22 (from the npm registry package `node`) into .tools/ when the machine's Node is older
# than 22.12, and prints the directory to put first on PATH. Nothing is fetched from anywhere but
# the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."
want=22.23.3
tools=.tools/node_modules/node/bin
if [ -x "$tools/node" ] && [ "$("$tools/node" -p 'process.versions.node')" = "$want" ]; then
  echo "$PWD/$tools"
  exit 0
fi
if node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null; then
  dirname "$(command -v node)"
  exit 0
fi
mkdir -p .tools
npm install --prefix .tools --no-save --no-audit --no-fund --loglevel=error "node@$want" >&2
echo "$PWD/$tools"
