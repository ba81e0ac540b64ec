#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked throwaway gnome-keyring
# (toolchain.md). A fresh XDG_DATA_HOME matters: an old login.keyring with another password is locked.
set -euo pipefail
kr=$(mktemp -d "${TMPDIR:-/tmp}/keyring.XXXXXX"); trap 'rm -rf "$kr"' EXIT
mkdir -p "$kr/data" "$kr/run" && chmod 700 "$kr/run"
export XDG_DATA_HOME="$kr/data" XDG_RUNTIME_DIR="$kr/run"      # fresh keyring dir: essential, see below
dbus-run-session -- bash -c '
  printf %s ci-keyring-pass | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
  kpid=$!
  for _ in $(seq 100); do
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true" && break
    sleep 0.1
  done
  rc=0; "$@" || rc=$?
  kill "$kpid" 2>/dev/null || true; wait "$kpid" 2>/dev/null || true
  exit $rc' with-keyring "$@"
