#!/usr/bin/env bash
# make slurm-test: a single-node Slurm cluster on this machine runs a 4-slice verify and a
# 4-slice mine campaign through submit.sh (job arrays, merges after afterok), and the merged
# outputs must be byte for byte those of one process. The daemons this script starts (munged if
# none runs, slurmctld, slurmd) are stopped again however it ends.
#   contrib/slurm/slurm-test.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
rulespec="$build/rulespec"
work="$build/slurm-test"
[ "$(id -u)" = 0 ] || { echo "slurm-test: starts munged, slurmctld and slurmd, which needs root" >&2; exit 1; }
[ -x "$rulespec" ] || { echo "slurm-test: no $rulespec (make build first)" >&2; exit 1; }

# A previous run that was killed may have left its daemons: stop them first.
export SLURM_CONF="$work/slurm.conf"
if [ -f "$SLURM_CONF" ]; then scontrol shutdown >/dev/null 2>&1 || true; sleep 1; fi
for pid in "$work"/slurmctld.pid "$work"/slurmd.pid; do [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true; done
rm -rf "$work"
mkdir -p "$work/state" "$work/spool"

host=$(hostname -s)
cores=$(nproc)
# Ports away from a real cluster's 6817/6818 on the same host.
cat >"$SLURM_CONF" <<CONF
ClusterName=rulespec-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
# No cgroups needed: processes are tracked by their parent, tasks are not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cores RealMemory=1000 State=UNKNOWN
PartitionName=rulespec Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

started_munge=""
cleanup() {
  local rc=$?
  scontrol shutdown >/dev/null 2>&1 || true
  for i in $(seq 1 20); do
    alive=""
    for pid in "$work"/slurmctld.pid "$work"/slurmd.pid; do [ -f "$pid" ] && kill -0 "$(cat "$pid")" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.5
  done
  for pid in "$work"/slurmctld.pid "$work"/slurmd.pid; do [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true; done
  if [ -n "$started_munge" ] && [ -f /run/munge/munged.pid ]; then kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true; fi
  exit $rc
}
trap cleanup EXIT

if ! munge -n >/dev/null 2>&1; then
  [ -s /etc/munge/munge.key ] || runuser -u munge -- mungekey --create --keyfile=/etc/munge/munge.key
  mkdir -p /run/munge && chown munge:munge /run/munge
  runuser -u munge -- /usr/sbin/munged
  started_munge=1
  for i in $(seq 1 20); do munge -n >/dev/null 2>&1 && break; sleep 0.5; done
fi
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for i in $(seq 1 60); do
  [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
  [ "$i" = 60 ] && { echo "slurm-test: the node never came up; $work/slurmd.log:" >&2; tail -20 "$work/slurmd.log" >&2; exit 1; }
  sleep 1
done
echo "slurm-test: single-node cluster up ($host, $cores cores)"

mine_args=(--game renju --between rif-renju,rif-renju-distinct-lines,rif-renju-structural-threes --positions 400 --seed 3)
verify_jobs=$("$here/submit.sh" -n 4 -o "$work/verify" -r "$rulespec" verify)
mine_jobs=$("$here/submit.sh" -n 4 -o "$work/mine" -r "$rulespec" -- --time=30:00 mine "${mine_args[@]}")
echo "$verify_jobs" | sed 's/^/slurm-test: verify /'
echo "$mine_jobs" | sed 's/^/slurm-test: mine /'

# The one-process runs, while the cluster works.
"$rulespec" verify --quiet --jobs 1 --out "$work/one/verify" >"$work/one-verify.log" 2>&1 || { echo "slurm-test: the one-process verify failed" >&2; tail -20 "$work/one-verify.log" >&2; exit 1; }
"$rulespec" mine "${mine_args[@]}" --out "$work/one/mine" >/dev/null

state_of() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }
for run in verify mine; do
  jobs=$([ $run = verify ] && echo "$verify_jobs" || echo "$mine_jobs")
  merge=$(echo "$jobs" | sed -n 's/^merge //p')
  for i in $(seq 1 1800); do
    state=$(state_of "$merge")
    case "$state" in COMPLETED) break ;; FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|PREEMPTED|DEADLINE)
      echo "slurm-test: the $run merge job $merge ended $state; logs:" >&2; tail -n 20 "$work/$run"/logs/*.log >&2; exit 1 ;; esac
    [ "$i" = 1800 ] && { echo "slurm-test: the $run merge job $merge did not finish in 30 minutes" >&2; exit 1; }
    sleep 1
  done
done

fail=0
for f in report.json index.html junit.xml findings.md; do
  cmp -s "$work/one/verify/$f" "$work/verify/merged/$f" || { echo "slurm-test: verify $f: the merged slices differ from one process" >&2; fail=1; }
done
for f in mine.txt mined.yaml; do
  cmp -s "$work/one/mine/$f" "$work/mine/merged/$f" || { echo "slurm-test: mine $f: the merged slices differ from one process" >&2; fail=1; }
done
[ $fail = 0 ] || exit 1
echo "slurm-test: passed: 4 verify slices and 4 mine slices ran as Slurm job arrays, and each merge (afterok) wrote byte for byte what one process writes"
