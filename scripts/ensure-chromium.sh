#!/usr/bin/env bash
# E2E tests drive Debian's Chromium: `npx playwright install` cannot download a browser on these
# machines (closed network), so the browser comes from apt, installed here when we are allowed to.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium no encontrado: instalando el paquete Debian 'chromium'..."
  export DEBIAN_FRONTEND=noninteractive
  # Quiet, but keep the log so a failure can be read instead of guessed.
  log="$(mktemp)"
  if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq chromium >>"$log" 2>&1 && [[ -x "$CHROMIUM" ]]; then
    rm -f "$log"
    exit 0
  fi
  tail -n 20 "$log" >&2
  rm -f "$log"
  echo "No se pudo instalar Chromium con apt-get; instálalo a mano (apt-get install -y chromium) y vuelve a ejecutar npm test" >&2
  exit 1
fi

echo "Chromium no encontrado: instala el paquete Debian 'chromium' (sudo apt-get install -y chromium) y vuelve a ejecutar npm test" >&2
exit 1
