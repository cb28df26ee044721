#!/usr/bin/env bash
# Runs a command with two CPU-bound processes beside it, as on a busy 2-core CI machine, and stops
# them after: `scripts/under-load.sh npm test`. Its exit status is the command's.
set -uo pipefail
burners=()
for _ in 1 2; do
  node -e 'for (;;) {}' &
  burners+=("$!")
done
trap 'kill "${burners[@]}" 2>/dev/null' EXIT
started=$(date +%s)
"$@"
status=$?
echo "under load (2 CPU-bound processes beside it): exit ${status} in $(( $(date +%s) - started )) s"
exit "${status}"
