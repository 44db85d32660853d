#!/usr/bin/env bash
# The README's commands: start, test, build, bench and the operator's cli. scripts/node24.sh runs this under the
# project's Node, so a fresh clone needs nothing but bash and the system npm.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

ensure_dependencies() {
  local want have
  want="$(node -p 'process.version')-$(sha256sum package-lock.json | cut -d' ' -f1)"
  have="$(cat node_modules/.chorus-installed 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    echo "Installing dependencies ..."
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > node_modules/.chorus-installed
  fi
}

# Builds one front-end: the bundler's full listing with --verbose (and in `npm run build`), else
# one summary line, with whatever the bundler warns about printed above it.
build_one() {
  local workspace="$1" label="$2" verbose="$3" started output seconds
  if [ "$verbose" = yes ]; then
    npm run build -w "$workspace"
    return
  fi
  started="$(date +%s%N)"
  if ! output="$(npm run build --silent -w "$workspace" -- --logLevel warn 2>&1)"; then
    printf '%s\n' "$output" >&2
    return 1
  fi
  [ -n "$output" ] && printf '%s\n' "$output"
  seconds="$(awk -v ns="$(( $(date +%s%N) - started ))" 'BEGIN { printf "%.1f", ns / 1e9 }')"
  local dist="${workspace#@chorus/}/dist"
  echo "Built the $label in ${seconds} s: $(find "$dist" -type f ! -name '*.br' ! -name '*.gz' | wc -l) files, $(du -sh --exclude='*.br' --exclude='*.gz' "$dist" | cut -f1) (npm run build lists them)."
}

# Builds the web app and the Teams tab unless their sources are older than the last build.
# --force rebuilds with the full listing; --verbose lists without forcing.
build() {
  local stamp=web/dist/.chorus-build force=no verbose=no
  for flag in "$@"; do
    case "$flag" in
      --force) force=yes verbose=yes ;;
      --verbose) verbose=yes ;;
    esac
  done
  if [ "$force" = no ] && [ -f "$stamp" ] && [ -f tabs/dist/index.html ] &&
    [ -z "$(find core/src locales web/src web/index.html web/vite.config.ts tabs/src tabs/index.html tabs/vite.config.ts package-lock.json -newer "$stamp" -type f -print -quit)" ]; then
    echo "Web and tab builds are up to date."
    return
  fi
  build_one @chorus/web "web app" "$verbose"
  build_one @chorus/tabs "Teams tab" "$verbose"
  touch "$stamp"
}

# Times one part of the suite and keeps its line for the summary at the end.
part_times=()
timed_part() {
  local label="$1" started
  shift
  started="$(date +%s)"
  "$@"
  part_times+=("$(printf '%-40s %5d s' "$label" "$(( $(date +%s) - started ))")")
}

lint_and_typecheck() {
  # Lint and typecheck each keep one core busy: side by side, and both must pass.
  npx eslint . &
  local lint=$!
  npm run typecheck --silent &
  local types=$!
  wait "$lint"
  wait "$types"
}

run_tests() {
  local started
  started="$(date +%s)"
  echo "== lint and typecheck"
  timed_part "lint and typecheck" lint_and_typecheck
  echo "== unit and server suites (server on PGlite)"
  # The first pass is always on PGlite, even where TEST_DATABASE_URL names a PostgreSQL server.
  timed_part "unit and server suites (PGlite)" env -u TEST_DATABASE_URL npx vitest run
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "== server suite on PostgreSQL"
    # Two workers, but the scale-out test runs alone after the rest: it starts two API processes
    # and a worker of its own, and beside another test file under load its start-up ran past its
    # limit (one worker for everything took 207 s here, this 158 s).
    timed_part "server suite (PostgreSQL)" npx vitest run --project server --maxWorkers=2 --exclude server/src/scale-out.test.ts
    timed_part "scale-out test (PostgreSQL)" npx vitest run --project server --maxWorkers=1 server/src/scale-out.test.ts
  else
    echo "== TEST_DATABASE_URL is not set: the server suite ran on PGlite only"
  fi
  echo "== end-to-end suite in Chromium"
  timed_part "web and tab builds" build
  timed_part "end-to-end suite (Chromium)" npx playwright test
  echo
  echo "== time per part"
  printf '%s\n' "${part_times[@]}"
  printf '%-40s %5d s\n' "total" "$(( $(date +%s) - started ))"
}

command="${1:-}"
case "$command" in
  start)
    shift
    ensure_dependencies
    build "$@"
    exec node server/src/main.ts
    ;;
  test)
    ensure_dependencies
    run_tests
    ;;
  build)
    ensure_dependencies
    build --force
    ;;
  screenshots)
    # Every screen at a phone and a desktop width, light and dark, into test-results/ and the report.
    ensure_dependencies
    build
    CHORUS_GALLERY=1 npx playwright test --project=gallery
    ;;
  bench)
    ensure_dependencies
    build
    node scripts/bench.ts
    ;;
  cli)
    # The operator's command (server/src/cli.ts): npm run chorus -- company create ...
    shift
    ensure_dependencies
    exec node server/src/cli.ts "$@"
    ;;
  *)
    echo "usage: chorus.sh start|test|build|bench|screenshots|cli" >&2
    exit 64
    ;;
esac
