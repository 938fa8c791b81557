#!/usr/bin/env bash
# Checks the shipped deployment files with the tools installed here; nothing is started:
#   deploy/systemd/*.service  `systemd-analyze verify` (syntax, directives, the node binary)
#   deploy/nginx/kita.conf     `nginx -t` with a throw-away self-signed certificate
# Usage: scripts/check-deploy.sh   (each check skips with one line when its tool is missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

if command -v systemd-analyze >/dev/null; then
  # A template is verified as one of its instances.
  cp "$root/deploy/systemd/kita-worker.service" "$dir/"
  cp "$root/deploy/systemd/kita-app@.service" "$dir/kita-app@3000.service"
  systemd-analyze verify "$dir/kita-worker.service" "$dir/kita-app@3000.service"
  echo "systemd units: ok ($(systemd-analyze --version | head -1))"
else
  echo "systemd units: skipped (systemd-analyze is not installed)"
fi

command -v nginx >/dev/null || { echo "nginx: skipped (nginx is not installed)"; exit 0; }
command -v openssl >/dev/null || { echo "nginx: skipped (openssl is not installed)"; exit 0; }
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=kita.example.org \
  -keyout "$dir/privkey.pem" -out "$dir/fullchain.pem" 2>/dev/null
sed -e "s#/etc/letsencrypt/live/kita.example.org#$dir#g" "$root/deploy/nginx/kita.conf" > "$dir/kita.conf"
cat > "$dir/nginx.conf" <<CONF
pid $dir/nginx.pid;
error_log $dir/error.log;
events {}
http {
  access_log off;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  include $dir/kita.conf;
}
CONF
nginx -v 2>&1
nginx -t -c "$dir/nginx.conf" -p "$dir" 2>&1
