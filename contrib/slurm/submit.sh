#!/usr/bin/env bash
# Submit a rulespec run to Slurm as a job array of N slices and a merge job that waits for all
# of them (--dependency=afterok). Prints the two job ids, one per line: "array ID", "merge ID".
#
#   contrib/slurm/submit.sh -n N -o DIR [-r RULESPEC] [-- SBATCH-OPTIONS...] verify|mine [ARGS...]
#
# DIR/slices holds the slices, DIR/merged what the merge writes (verify: the reports; mine:
# mine.txt and mined.yaml), DIR/logs every job's output. RULESPEC defaults to build/rulespec of
# this checkout; every node must see the same tree at the same path (a shared file system), since
# a slice records the tree it ran on and merge refuses slices of another.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rulespec="$here/../../build/rulespec" n="" dir="" sbatch_opts=()
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    -o) dir=$2; shift 2 ;;
    -r) rulespec=$2; shift 2 ;;
    --) shift; while [ $# -gt 0 ] && [ "$1" != verify ] && [ "$1" != mine ]; do sbatch_opts+=("$1"); shift; done ;;
    verify|mine) break ;;
    *) usage ;;
  esac
done
[ -n "$n" ] && [ -n "$dir" ] && [ $# -gt 0 ] || usage
case "$n" in ''|*[!0-9]*|0) echo "submit.sh: -n takes a number of slices, 1 or more" >&2; exit 2 ;; esac
rulespec=$(cd "$(dirname "$rulespec")" && pwd)/$(basename "$rulespec")
[ -x "$rulespec" ] || { echo "submit.sh: no rulespec at $rulespec (make build first, or -r PATH)" >&2; exit 2; }
mkdir -p "$dir/slices" "$dir/logs"
dir=$(cd "$dir" && pwd)
rm -f "$dir"/slices/shard-*-of-*.json "$dir"/slices/mine-*-of-*.json
array=$(sbatch --parsable "${sbatch_opts[@]}" --array="1-$n" --chdir="$dir" --output="$dir/logs/slice-%a.log" \
  "$here/rulespec-slice.sbatch" "$rulespec" "$dir/slices" "$@")
array=${array%%;*}
merge=$(sbatch --parsable "${sbatch_opts[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes --chdir="$dir" \
  --output="$dir/logs/merge.log" "$here/rulespec-merge.sbatch" "$rulespec" "$dir/slices" "$dir/merged")
merge=${merge%%;*}
echo "array $array"
echo "merge $merge"
